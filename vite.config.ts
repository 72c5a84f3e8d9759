import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { bundleBudget } from './scripts/vite-budget.ts';
import { inlineCss } from './scripts/vite-inline-css.ts';
import { precompress } from './scripts/vite-precompress.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** What a running `npm start` wrote about itself (server/src/main.ts). */
function runningStack(): { url: string; anonKey?: string } {
  const file = fileURLToPath(
    new URL(`${process.env.DATA_DIR ?? '.data'}/stack.json`, import.meta.url),
  );
  const fallback = { url: process.env.STACK_URL ?? 'http://127.0.0.1:8080' };
  return existsSync(file) ? { ...fallback, ...JSON.parse(readFileSync(file, 'utf8')) } : fallback;
}

/**
 * `npm run dev`: Vite serves the app and forwards the Supabase APIs to the running local stack,
 * injecting its anon key the way the stack injects it into the built app.
 */
function localStackDev(): Plugin {
  return {
    name: 'lotto24-local-stack',
    apply: 'serve',
    transformIndexHtml(html) {
      const { anonKey } = runningStack();
      const config = JSON.stringify({ supabaseAnonKey: anonKey }).replace(/</g, '\\u003c');
      return html.replace(
        '<!-- runtime-config -->',
        `<script>window.__LOTTO24_CONFIG__ = ${config};</script>`,
      );
    },
  };
}

const stackUrl = runningStack().url;
const api = (ws = false) => ({ target: stackUrl, changeOrigin: true, ws });

export default defineConfig({
  plugins: [react(), tailwindcss(), localStackDev(), bundleBudget(), inlineCss(), precompress()],
  resolve: { alias: { '@': src } },
  // The stack reads the manifest to preload a lazy page's chunks on its own route.
  build: { manifest: true },
  server: {
    port: 5173,
    proxy: {
      '/auth/v1': api(),
      '/rest/v1': api(),
      '/functions/v1': api(),
      '/realtime/v1': api(true),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/utils/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/utils/**/*.test.ts',
            'tests/sql/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/reliability/**/*.test.ts',
          ],
          globalSetup: ['tests/utils/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
