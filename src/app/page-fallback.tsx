import { Spinner } from '@/components/ui/spinner';

/** Shown while a lazily loaded page arrives on the first visit. */
export function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
