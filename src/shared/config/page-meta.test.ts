import { beforeAll, describe, expect, it } from 'vitest';
import { messagesIn } from '../../i18n/test/messages-in.ts';
import type { Messages } from '../i18n/messages.ts';
import { metaForLocation as metaIn } from './page-meta.ts';

let en: Messages;
beforeAll(async () => {
  en = await messagesIn('en');
});
const metaForLocation = (path: string, search: string, timeZone: string) =>
  metaIn(path, search, timeZone, new Date(), en);

// The stack writes these into the served HTML, so a shared link previews what the page shows.
describe('metaForLocation: check and statistics', () => {
  it('names the number a check link is about', () => {
    expect(metaForLocation('/check', '?n=0427', 'UTC')).toMatchObject({
      title: 'Check 0427',
      path: '/check?n=0427',
      noIndex: false,
    });
    expect(metaForLocation('/check', '', 'UTC')).toMatchObject({
      title: 'Check My Number',
      path: '/check',
    });
    // Not a number to check: the plain page, never the raw text in a title.
    expect(metaForLocation('/check', '?n=%3Cscript%3E', 'UTC')).toMatchObject({
      title: 'Check My Number',
      path: '/check',
    });
  });

  it('gives each statistics period its own address, the default the plain one', () => {
    expect(metaForLocation('/stats', '?period=365d', 'UTC')).toMatchObject({
      title: 'Statistics, last 365 days',
      path: '/stats?period=365d',
    });
    expect(metaForLocation('/stats', '?period=30d', 'UTC')).toMatchObject({
      title: 'Statistics',
      path: '/stats',
    });
    expect(metaForLocation('/stats', '?period=week', 'UTC')?.path).toBe('/stats');
  });
});
