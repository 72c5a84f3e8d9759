import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { buttonVariants } from '@/components/ui/button-variants';
import { notFoundMeta } from '@/config/page-meta';
import { paths } from '@/config/paths';

/** An address that names no draw (2026-02-30, hour 24): the site's 404, as the stack serves it. */
export function DrawNotFound() {
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <PageMeta {...notFoundMeta} />
      <p className="text-5xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">Draw not found</h1>
      <p className="text-muted-foreground">
        A draw address reads /draw/yyyy-mm-dd/hour, with an hour from 0 to 23.
      </p>
      <Link to={paths.grid.getHref()} className={buttonVariants()}>
        See the results grid
      </Link>
    </section>
  );
}
