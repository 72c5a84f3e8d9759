import { NotFound } from '@/components/states/not-found';
import { paths } from '@/shared/config/paths';
import { useI18n } from '@/i18n/i18n-context';

/** An address that names no draw (2026-02-30, hour 24): the site's 404, as the stack serves it. */
export function DrawNotFound() {
  const { i18n } = useI18n();
  return (
    <NotFound
      heading={i18n._('drawPage.notFound')}
      body={i18n._('drawPage.notFoundHint')}
      to={paths.grid.getHref()}
      action={i18n._('drawPage.seeGrid')}
    />
  );
}
