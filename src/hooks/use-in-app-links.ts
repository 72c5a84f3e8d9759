import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

export interface InAppLinks {
  /** The address of an app path (`/draw/2026-11-27/7`) in the page's language (`/th/draw/…`). */
  href: (to: string) => string;
  /** For the element holding the anchors: opens a plain click on one of them in the app. */
  onClick: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * Links for a container of many: plain `<a href>` elements and one click handler on the
 * container, where each React Router `<Link>` runs its own hooks (resolving its path, its click
 * handler) at every render. A week's grid is 168 of them and a month's 720: as Links, a month's
 * render with its data took a median 655 ms of a 4x-throttled main thread, as anchors 230 ms
 * (ADR 037). A click (Enter on a focused anchor is one too) opens the page as a Link's would:
 * pushed, or replacing the entry when it names the page already shown. A click with a modifier key
 * or another button stays the browser's: a new tab, a new window.
 */
export function useInAppLinks(): InAppLinks {
  const navigate = useNavigate();
  // The router's basename as an address: `/th` in Thai, `/` in English.
  const base = useHref('/');
  const prefix = base.endsWith('/') ? base.slice(0, -1) : base;
  return {
    href: (to) => prefix + to,
    onClick(event) {
      const anchor = (event.target as Element).closest('a');
      const own =
        anchor &&
        event.currentTarget.contains(anchor) &&
        !anchor.target &&
        anchor.origin === window.location.origin &&
        anchor.pathname.startsWith(`${prefix}/`);
      const plain = !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
      if (!own || !plain || event.button !== 0 || event.defaultPrevented) return;
      event.preventDefault();
      const to = anchor.pathname.slice(prefix.length) + anchor.search + anchor.hash;
      navigate(to, { replace: anchor.href === window.location.href });
    },
  };
}
