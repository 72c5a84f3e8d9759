import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { resolveDataDir } from './server/src/config.ts';
import { readStackState } from './server/src/stack-state.ts';
import { bundleBudget } from './scripts/vite-budget.ts';
import { compiledCatalogs } from './scripts/vite-catalogs.ts';
import { inlineCss } from './scripts/vite-inline-css.ts';
import { localizedManifests } from './scripts/vite-localized-manifests.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { preactOutsideDev } from './scripts/vite-preact.ts';
import { prefetchDay } from './scripts/vite-prefetch-day.ts';
import { serviceWorker } from './scripts/vite-service-worker.ts';
import { allow } from './tests/utils/load-factor.ts';
import {
  injectRuntimeConfig,
  readRuntimeConfig,
  type RuntimeConfig,
} from './src/shared/config/runtime-config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = path.join(root, 'src');

/**
 * The running stack `npm run dev` talks to: `STACK_URL`, else the URL the stack wrote into its
 * data dir (`DATA_DIR`, default `.data/`; server/src/main.ts), else `PORT` on this machine.
 */
function runningStack(): { url: string; anonKey?: string } {
  const written = readStackState(resolveDataDir());
  const url =
    process.env.STACK_URL ?? written?.url ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  return { url: url.replace(/\/+$/, ''), anonKey: written?.anonKey };
}

/**
 * The runtime config the stack injects into the pages it serves (anon key, lottery timezone), read
 * from its own home page so any stack works, one named only by STACK_URL included.
 */
async function stackRuntimeConfig(stack: {
  url: string;
  anonKey?: string;
}): Promise<RuntimeConfig> {
  try {
    const response = await fetch(`${stack.url}/`, { headers: { Accept: 'text/html' } });
    const served = readRuntimeConfig(await response.text());
    if (served)
      return { supabaseAnonKey: served.supabaseAnonKey, lotteryTimezone: served.lotteryTimezone };
  } catch {
    // Not running (yet): the key from its data dir still lets the app start.
  }
  console.warn(
    `No Lotto24 stack answers at ${stack.url}: start one (npm start), or point dev at it with STACK_URL, PORT or DATA_DIR.`,
  );
  return { supabaseAnonKey: stack.anonKey };
}

/**
 * `npm run dev`: Vite serves the app and forwards the Supabase APIs to the running local stack,
 * injecting its runtime config the way the stack injects it into the built app. With
 * VITE_SUPABASE_URL (`.env.development.local`, or `npm run dev:supabase` reading
 * `supabase status`) the app talks to that project itself, as a hosted build does: no stack is
 * asked for a runtime config, and none is expected to answer.
 */
function localStackDev(stack: { url: string; anonKey?: string }): Plugin {
  let namedProject = false;
  return {
    name: 'lotto24-local-stack',
    apply: 'serve',
    configResolved(resolved) {
      namedProject = Boolean(loadEnv(resolved.mode, resolved.root, 'VITE_').VITE_SUPABASE_URL);
    },
    async transformIndexHtml(html) {
      if (namedProject) return html;
      return injectRuntimeConfig(html, await stackRuntimeConfig(stack));
    },
  };
}

/**
 * What the build was told that the stack serving it must know (the name and canonical URL for
 * the meta of served pages, the Supabase URL for the pages' connect-src): beside Vite's manifest,
 * which the stack reads and never serves (server/src/static/page-meta.ts).
 */
function buildInfo(): Plugin {
  let env: Record<string, string> = {};
  let outDir = 'dist';
  return {
    name: 'lotto24-build-info',
    apply: 'build',
    configResolved(resolved) {
      env = loadEnv(resolved.mode, resolved.root, 'VITE_');
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    writeBundle() {
      const info = {
        siteName: env.VITE_SITE_NAME || undefined,
        siteUrl: env.VITE_SITE_URL || undefined,
        supabaseUrl: env.VITE_SUPABASE_URL || undefined,
      };
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite', 'lotto24.json'), JSON.stringify(info));
    },
  };
}

const stack = runningStack();
const stackUrl = stack.url;
const api = (ws = false) => ({ target: stackUrl, changeOrigin: true, ws });

export default defineConfig({
  plugins: [
    react(),
    // React DOM in dev, Preact's compat layer in the build and the unit tests (ADR 039).
    preactOutsideDev(),
    // Compiles the message catalogs (`?lingui` imports) to functions at build time (ADR 027).
    compiledCatalogs(),
    tailwindcss(),
    localStackDev(stack),
    buildInfo(),
    localizedManifests(),
    prefetchDay(),
    bundleBudget(),
    inlineCss(),
    serviceWorker(),
    precompress(),
  ],
  resolve: { alias: { '@': src } },
  // Where the dev server keeps its pre-bundled dependencies (default node_modules/.vite). Two dev
  // servers of different checkouts sharing one node_modules rewrite each other's bundles: a page
  // then meets two copies of React or a 504 "Outdated Optimize Dep". playwright.config.ts gives
  // its dev server a cache of its own run.
  cacheDir: process.env.VITE_CACHE_DIR,
  // The stack reads the manifest to preload a lazy page's chunks on its own route.
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: Rolldown otherwise cuts the
        // modules lazy pages share with the first load into a dozen small chunks, each gzipped
        // on its own and each another request before the first paint (3.5 KB of gzip, ADR 028).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        // A chunk that lazy imports share takes the name of one of its modules: the PostgREST and
        // Realtime clients the reader and the full client share came out as `offline-fetch-*.js`.
        chunkFileNames: ({ name, moduleIds }) =>
          `assets/${moduleIds.some((id) => id.includes('/@supabase/postgrest-js/')) ? 'supabase-data' : name}-[hash].js`,
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
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
        // Packages' ES modules, as the build takes them, each through Vite (`inline`): their
        // imports of React then reach Preact (scripts/vite-preact.ts), where a CommonJS file, or
        // one Node loaded itself, would require React DOM beside it.
        resolve: {
          mainFields: ['module', 'jsnext:main', 'jsnext'],
          conditions: ['module', 'browser', 'development|production'],
          // React Router's `node` condition names its CommonJS file before any of these.
          alias: [
            {
              find: /^react-router-dom$/,
              replacement: path.join(root, 'node_modules/react-router-dom/dist/index.mjs'),
            },
            {
              find: /^react-router$/,
              replacement: path.join(root, 'node_modules/react-router/dist/development/index.mjs'),
            },
          ],
        },
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/utils/setup-dom.ts'],
          server: { deps: { inline: true } },
          // Lucide's ES module is 1,600 files and react-day-picker's brings date-fns's hundreds,
          // each transformed on its own when inlined (10 s for the first test that imports an
          // icon): each bundled once instead.
          deps: {
            optimizer: { client: { enabled: true, include: ['lucide-react', 'react-day-picker'] } },
          },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/lib/**/*.test.ts',
            'tests/utils/**/*.test.ts',
            'tests/sql/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/reliability/**/*.test.ts',
            'tests/isolation/**/*.test.ts',
          ],
          globalSetup: ['tests/utils/global-setup.ts'],
          // Ceilings for a busy machine come from one place (tests/utils/load-factor.ts).
          testTimeout: allow(20_000),
          hookTimeout: allow(60_000),
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'hostile',
          environment: 'node',
          // Each file starts a stack as `npm start` does and judges a visitor's latency under
          // attack against its own baseline from seconds before. Another file's work on the same
          // two cores during one phase and not the other would be what it measured: so they run
          // after everything else, one at a time.
          // tests/hostile/harness.ts sets the folder's generous timeouts.
          include: ['tests/hostile/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
