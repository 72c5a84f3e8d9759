import { RotateCw } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { useI18n } from '@/i18n/i18n-context';

/** The parts whose code loads on demand; each has its own sentence in the catalogs. */
export type ChunkName = 'This page' | 'The calendar' | 'The verification';

const chunkKeys: Record<ChunkName, string> = {
  'This page': 'page',
  'The calendar': 'calendar',
  'The verification': 'verification',
};

export interface ChunkErrorProps {
  /** What could not be loaded. */
  what: ChunkName;
  onRetry: () => void;
  className?: string;
}

/**
 * A part of the app whose code could not be downloaded (lazy chunks load on first use): say so,
 * say it needs a connection, and offer Retry. Never the error boundary's blank "Something went
 * wrong" for what is only a missing connection.
 */
export function ChunkError({ what, onRetry, className }: ChunkErrorProps) {
  const { i18n } = useI18n();
  return (
    <div
      role="alert"
      // No tailwind-merge: this is in the first load (docs/decisions/034); callers pass a width.
      className={`flex flex-col items-center gap-3 p-4 text-center text-sm ${className ?? ''}`}
    >
      <p>{i18n._('state.chunkFailed', { what: chunkKeys[what] })}</p>
      <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={onRetry}>
        <RotateCw aria-hidden />
        {i18n._('action.retry')}
      </button>
    </div>
  );
}
