import { Ticket } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { config } from '@/config/env';
import { paths } from '@/shared/config/paths';
import { useI18n } from '@/i18n/i18n-context';
import type { MessageId } from '@/shared/i18n/messages';
import { LanguageControl } from '@/components/language-control';

const links: { to: string; label: MessageId; end: boolean }[] = [
  { to: paths.home.getHref(), label: 'nav.today', end: true },
  { to: paths.history.getHref(), label: 'nav.history', end: false },
  { to: paths.grid.getHref(), label: 'nav.grid', end: false },
  { to: paths.check.getHref(), label: 'nav.check', end: false },
  { to: paths.stats.getHref(), label: 'nav.stats', end: false },
];

/** NavLink sets aria-current="page" on the current link, so screen readers hear it too. */
export function SiteHeader() {
  const { i18n } = useI18n();
  return (
    <header className="bg-header text-header-foreground shadow-md print:hidden">
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link
          to={paths.home.getHref()}
          className="flex items-center gap-2 rounded-md text-xl font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white focus-visible:outline-solid"
        >
          <span className="flex size-9 items-center justify-center rounded-full bg-yellow-400 text-blue-950">
            <Ticket className="size-5" aria-hidden />
          </span>
          {config.siteName}
        </Link>
        <LanguageControl />
        <nav aria-label={i18n._('nav.main')} className="w-full sm:w-auto">
          <ul className="flex flex-wrap gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  // Each state names its own background, so no class needs to override another.
                  className={({ isActive }) =>
                    `inline-flex h-9 items-center rounded-md px-2 text-sm min-[400px]:px-3 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white focus-visible:outline-solid ${
                      isActive ? 'bg-white text-header' : 'hover:bg-white/15'
                    }`
                  }
                >
                  {i18n._(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
