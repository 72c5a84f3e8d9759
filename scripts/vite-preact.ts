import type { Alias, Plugin } from 'vite';

/** What the app imports of React, answered by Preact's compat layer. */
const reactToPreact: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

/**
 * The app as built and as unit-tested renders with Preact's compat layer in place of React DOM
 * (ADR 039): a visit of `/` downloads about 58 KB less. The source still imports `react`, and
 * its types stay React's. The dev server keeps React 19, for StrictMode's second mount of every
 * effect and Fast Refresh; the built app's end-to-end suite runs on what ships.
 */
export function preactOutsideDev(): Plugin {
  return {
    name: 'lotto24-preact',
    enforce: 'pre',
    config: (_config, { command, mode }) =>
      command === 'build' || mode === 'test' ? { resolve: { alias: reactToPreact } } : undefined,
  };
}
