import { NotFound } from '@/components/states/not-found';
import { paths } from '@/shared/config/paths';

export function NotFoundPage() {
  return (
    <NotFound
      heading="notFound.heading"
      body="notFound.body"
      to={paths.home.getHref()}
      action="notFound.home"
    />
  );
}
