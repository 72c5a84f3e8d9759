import { PageMeta } from '@/components/seo/page-meta';
import { buttonVariants } from '@/components/ui/button-variants';

/** What a visitor sees instead of a blank page when something breaks while rendering. */
export function ErrorFallback() {
  return (
    <main
      role="alert"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <PageMeta
        title="Something went wrong"
        description="An unexpected error occurred."
        path="/"
        noIndex
      />
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">
        Please reload the page. If it keeps happening, try later.
      </p>
      <div className="flex gap-2">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          Back to Home
        </a>
      </div>
    </main>
  );
}
