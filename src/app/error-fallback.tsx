import { PageMeta } from '@/components/seo/page-meta';
import { buttonVariants } from '@/components/ui/button-variants';
import { config } from '@/config/env';
import { metaForLocation, notFoundMetaIn } from '@/shared/config/page-meta';
import { partOfPath } from '@/shared/i18n/catalog-parts';
import { partReady } from '@/i18n/catalogs';
import { useI18n } from '@/i18n/i18n-context';
import { localizedPath, splitLocalePath } from '@/shared/i18n/locales';

/**
 * What a visitor sees instead of a blank page when something breaks while rendering. The
 * document keeps the page's own title (kept out of search results while it fails): the tab and a
 * bookmark still say which page this is, and the next page brings its own.
 */
export function ErrorFallback({ inLayout = false }: { inLayout?: boolean }) {
  const { i18n } = useI18n();
  const { pathname, search } = window.location;
  const { locale, path } = splitLocalePath(pathname);
  // The page's title only when its words are loaded (its part may be what failed to come).
  const part = partOfPath(path);
  const meta =
    (!part || partReady(locale, part)
      ? metaForLocation(path, search, config.lotteryTimezone ?? 'UTC', new Date(), i18n)
      : null) ?? notFoundMetaIn(i18n);
  const Root = inLayout ? 'section' : 'main';
  return (
    <Root
      role="alert"
      className={`mx-auto flex max-w-md flex-col items-center justify-center gap-4 p-6 text-center ${inLayout ? 'py-16' : 'min-h-dvh'}`}
    >
      <PageMeta {...meta} noIndex />
      <h1 className="text-2xl font-bold">{i18n._('error.title')}</h1>
      <p className="text-muted-foreground">{i18n._('error.reloadHint')}</p>
      <div className="flex gap-2">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          {i18n._('error.reload')}
        </button>
        <a href={localizedPath(locale, '/')} className={buttonVariants({ variant: 'outline' })}>
          {i18n._('common.backHome')}
        </a>
      </div>
    </Root>
  );
}
