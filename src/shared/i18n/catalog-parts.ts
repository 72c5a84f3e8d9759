// Pure and import-free: the build (scripts/vite-catalogs.ts) reads it to cut each language's
// catalog into parts, the app to load the part a page needs with the page (ADR 027), and the
// stack to name that part in the page it serves (server/src/static/route-preloads.ts).

/**
 * `core`: the layout, Today, History, the 404 page and the states every page shares, in the
 * first load (History is in the first bundle: a gate to fetch its words would cost more bytes
 * than they weigh); each other part is a chunk per language, fetched with its code: `calendar`
 * with History's date picker (and the admin's date fields), `offer` with the line that offers a
 * browser's language, `verify` with the draw verification's lazy panel (a Today row's Verify
 * opens it without the draw page), the others with their lazy pages (`auth`: sign-in and
 * recovery; `admin`: the dashboard, whose words no visitor's page ever loads).
 */
export const CATALOG_PARTS = [
  'core',
  'calendar',
  'grid',
  'check',
  'stats',
  'draw',
  'verify',
  'offer',
  'auth',
  'admin',
  'dates',
] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

// First match wins; an id no rule names is `core`. A message two pages share is in both parts.
const RULES: [RegExp, CatalogPart[]][] = [
  // `history.pickDate` stays in `core`: the picker's button is drawn before its code arrives.
  [/^calendar\.|^history\.(chooseDay|daysFailed|daysWithResults)$/, ['calendar']],
  [/^(meta\.)?grid\./, ['grid']],
  [/^(meta\.)?check\./, ['check']],
  [/^(meta\.)?stats\./, ['stats']],
  [/^meta\.draw\./, ['draw']],
  [/^drawPage\./, ['draw']],
  [/^verify\./, ['verify']],
  [/^common\.dateTime$/, ['draw', 'verify']],
  [/^common\.(dateRange|lastDays|period)$/, ['grid', 'stats']],
  [/^language\.offer/, ['offer']],
  [/^(meta\.)?auth\./, ['auth']],
  [/^(meta\.)?admin\./, ['admin']],
  // The new-password fields, the e-mail field and the toasts' words, on /auth and /admin alike.
  [/^account\./, ['auth', 'admin']],
  // Only Lao in a browser without Lao data writes dates from the catalog (src/shared/i18n/format.ts).
  [/^date\./, ['dates']],
  // What only the served HTML and the platform show (src/shared/config/served-words.ts): no part.
  [/^served\./, []],
];

/** The parts a message id belongs to. */
export function partsOf(id: string): CatalogPart[] {
  return RULES.find(([pattern]) => pattern.test(id))?.[1] ?? ['core'];
}

const PAGE_PARTS: Record<string, CatalogPart> = {
  grid: 'grid',
  check: 'check',
  stats: 'stats',
  draw: 'draw',
  // The admin's date fields need `calendar` too: its route fetches it beside (src/app/router.tsx).
  admin: 'admin',
  auth: 'auth',
};

/** The part a page of the app (its path without the language prefix) needs besides `core`. */
export function partOfPath(path: string): CatalogPart | null {
  return PAGE_PARTS[/^\/([a-z]+)/.exec(path)?.[1] ?? ''] ?? null;
}
