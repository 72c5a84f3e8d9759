import { NotFound } from '@/components/states/not-found';
import { paths } from '@/shared/config/paths';
import { useI18n } from '@/i18n/i18n-context';

export function NotFoundPage() {
  const { i18n } = useI18n();
  return (
    <NotFound
      heading={i18n._('notFound.heading')}
      body={i18n._('notFound.body')}
      to={paths.home.getHref()}
      action={i18n._('notFound.home')}
    />
  );
}
