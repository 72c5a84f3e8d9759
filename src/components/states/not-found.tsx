import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { buttonVariants } from '@/components/ui/button-variants';
import { notFoundMetaIn } from '@/shared/config/page-meta';
import type { MessageId } from '@/shared/i18n/messages';
import { useI18n } from '@/i18n/i18n-context';

export type NotFoundProps = {
  heading: MessageId;
  body: MessageId;
  /** Where the one way on leads, and its words. */
  to: string;
  action: MessageId;
};

/**
 * A 404 as the stack serves it (the same title and description in the head): an address no
 * route knows, and a draw's address that names no draw, differ only in their words and way on.
 */
export function NotFound({ heading, body, to, action }: NotFoundProps) {
  const { i18n } = useI18n();
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <PageMeta {...notFoundMetaIn(i18n)} />
      <p className="text-5xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">{i18n._(heading)}</h1>
      <p className="text-muted-foreground">{i18n._(body)}</p>
      <Link to={to} className={buttonVariants()}>
        {i18n._(action)}
      </Link>
    </section>
  );
}
