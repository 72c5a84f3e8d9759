import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { buttonVariants } from '@/components/ui/button-variants';
import { notFoundMetaIn } from '@/shared/config/page-meta';
import { paths } from '@/shared/config/paths';
import { useI18n } from '@/i18n/i18n-context';

export function NotFoundPage() {
  const { i18n } = useI18n();
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <PageMeta {...notFoundMetaIn(i18n)} />
      <p className="text-5xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">{i18n._('notFound.heading')}</h1>
      <p className="text-muted-foreground">{i18n._('notFound.body')}</p>
      <Link to={paths.home.getHref()} className={buttonVariants()}>
        {i18n._('notFound.home')}
      </Link>
    </section>
  );
}
