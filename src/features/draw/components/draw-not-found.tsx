import { NotFound } from '@/components/states/not-found';
import { paths } from '@/shared/config/paths';

/** An address that names no draw (2026-02-30, hour 24): the site's 404, as the stack serves it. */
export function DrawNotFound() {
  return (
    <NotFound
      heading="drawPage.notFound"
      body="drawPage.notFoundHint"
      to={paths.grid.getHref()}
      action="drawPage.seeGrid"
    />
  );
}
