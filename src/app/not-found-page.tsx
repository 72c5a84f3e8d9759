import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { buttonVariants } from '@/components/ui/button-variants';
import { notFoundMeta } from '@/config/page-meta';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <PageMeta {...notFoundMeta} />
      <p className="text-5xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      <Link to={paths.home.getHref()} className={buttonVariants()}>
        Go to Today&apos;s Results
      </Link>
    </section>
  );
}
