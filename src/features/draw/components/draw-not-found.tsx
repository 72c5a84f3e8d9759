import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { buttonVariants } from '@/components/ui/button-variants';
import { notFoundMetaIn } from '@/shared/config/page-meta';
import { paths } from '@/shared/config/paths';
import { useI18n } from '@/i18n/i18n-context';

/** An address that names no draw (2026-02-30, hour 24): the site's 404, as the stack serves it. */
export function DrawNotFound() {
  const { i18n } = useI18n();
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <PageMeta {...notFoundMetaIn(i18n)} />
      <p className="text-5xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">{i18n._('drawPage.notFound')}</h1>
      <p className="text-muted-foreground">{i18n._('drawPage.notFoundHint')}</p>
      <Link to={paths.grid.getHref()} className={buttonVariants()}>
        {i18n._('drawPage.seeGrid')}
      </Link>
    </section>
  );
}
