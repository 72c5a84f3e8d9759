import { Rss } from 'lucide-react';
import { config } from '@/config/env';
import { useI18n } from '@/i18n/i18n-context';

/**
 * The feeds of supabase/functions/results-feed, on the project the app talks to, in the page's
 * language (`lang`, English unprefixed as the pages are): their words and links follow it.
 */
const feedHref = (query: string, locale: string) =>
  `${config.supabaseUrl}/functions/v1/results-feed?${query}${locale === 'en' ? '' : `&lang=${locale}`}`;

const linkClass =
  'inline-flex items-center gap-1 rounded-sm underline underline-offset-2 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The spec fixes the copyright year at 2024. */
export function SiteFooter() {
  const { i18n, locale } = useI18n();
  return (
    <footer className="border-t bg-card print:hidden">
      <div className="mx-auto flex max-w-4xl flex-col gap-1 px-4 py-6 text-center text-sm text-muted-foreground">
        <p className="font-semibold text-foreground">{config.siteName}</p>
        {/* The head's alternate links reach feed readers only; people need one they can see. */}
        <p className="flex justify-center gap-4">
          <a href={feedHref('format=rss', locale)} className={linkClass}>
            <Rss aria-hidden className="size-4" />
            {i18n._('footer.rss')}
          </a>
          <a href={feedHref('format=json', locale)} className={linkClass}>
            {i18n._('footer.json')}
          </a>
          {/* ADR 023: the draws to come with their commitments and time locks, to archive. */}
          <a href={feedHref('feed=commitments', locale)} className={linkClass}>
            {i18n._('footer.commitments')}
          </a>
        </p>
        <p>{i18n._('footer.copyright', { site: config.siteName })}</p>
      </div>
    </footer>
  );
}
