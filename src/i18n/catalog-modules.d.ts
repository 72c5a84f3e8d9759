// `import('./catalogs/th.json?lingui&part=grid')`: one part of a catalog, compiled at build time
// by scripts/vite-catalogs.ts (ADR 027).
declare module '*?lingui&part=core' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}

declare module 'virtual:lingui-parts' {
  import type { Messages } from '@lingui/core';
  import type { CatalogPart } from '@/shared/i18n/catalog-parts';
  import type { Locale } from '@/shared/i18n/locales';

  export function loadPart(locale: Locale, part: CatalogPart): Promise<{ messages: Messages }>;
}
