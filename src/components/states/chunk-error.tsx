import { RotateCw } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/utils';

export interface ChunkErrorProps {
  /** What could not be loaded, as the start of a sentence: "This page", "The calendar". */
  what: string;
  onRetry: () => void;
  className?: string;
}

/**
 * A part of the app whose code could not be downloaded (lazy chunks load on first use): say so,
 * say it needs a connection, and offer Retry. Never the error boundary's blank "Something went
 * wrong" for what is only a missing connection.
 */
export function ChunkError({ what, onRetry, className }: ChunkErrorProps) {
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center gap-3 p-4 text-center text-sm', className)}
    >
      <p>{what} could not be loaded. Check your connection.</p>
      <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={onRetry}>
        <RotateCw aria-hidden />
        Retry
      </button>
    </div>
  );
}
