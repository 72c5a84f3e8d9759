import './fonts.css';

// How long a Thai or Lao page waits for its font's files before it renders in a fallback.
const FONT_WAIT_MS = 1000;

const faces = { th: ['Noto Sans Thai', 'ก'], lo: ['Noto Sans Lao', 'ກ'] } as const;

/**
 * Resolves once both weights of the language's font are here, or after FONT_WAIT_MS. A page drawn
 * in a fallback first reflowed when the font swapped in: the header's links took one line instead
 * of two (Thai Today, a layout shift of 0.29). The stack names the files in the page it serves
 * (server/src/static/route-preloads.ts), so they are usually here before the app asks.
 */
export async function fontsLoaded(locale: keyof typeof faces): Promise<void> {
  const fonts = globalThis.document?.fonts;
  if (!fonts) return;
  const [family, sample] = faces[locale];
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all([400, 700].map((weight) => fonts.load(`${weight} 1em "${family}"`, sample))),
    new Promise((resolve) => (timer = setTimeout(resolve, FONT_WAIT_MS))),
  ]).catch(() => undefined);
  clearTimeout(timer);
}
