// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The app's architecture (README "Layout"), as bulletproof-react's `.eslintrc.cjs` enforces it:
 * features do not import each other, only `src/app` composes them, shared code imports no
 * feature, and only a feature's `api/` folder talks to Supabase.
 */
const architectureZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in src/app.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features must not depend on the app shell.',
  },
  {
    // Test files may use the app's test helpers (a language's whole catalog); no runtime does.
    target: './src/shared/**/!(*.test).{ts,tsx}',
    from: './src',
    // The English catalog's keys are the message ids' type (src/shared/i18n/messages.ts): data,
    // imported as a type only.
    except: ['./shared', './i18n/catalogs/en.json'],
    message:
      'src/shared is what the browser, Node and Deno all run (ADR 035): it imports only src/shared.',
  },
  {
    target: ['./src/components', './src/config', './src/hooks', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'Shared code must not depend on features or the app shell.',
  },
  {
    target: [
      './src/app/**',
      './src/components/**',
      './src/config/**',
      './src/hooks/**',
      // Shared query files: src/lib/session.ts (auth and admin both follow the session) and
      // src/lib/results/api (a day's results: Today, History, the grid and a draw's page, ADR 033).
      './src/lib/!(supabase|supabase.test|session).ts',
      './src/lib/*.tsx',
      './src/lib/!(results)/**',
      './src/lib/results/*.{ts,tsx}',
      './src/lib/results/!(api)/**',
      './src/features/*/*.{ts,tsx}',
      './src/features/*/!(api)/**',
    ],
    from: './src/lib/supabase.ts',
    message:
      'Only query files in src/features/*/api, src/lib/results/api and src/lib/session.ts may use the Supabase client.',
  },
  {
    target: './src/!(lib)/**',
    from: './src/lib/supabase-client.ts',
    message: 'Load the client with getSupabase() so it stays out of the first-load bundle.',
  },
  {
    target: './src/!(lib)/**',
    from: ['./src/lib/reader-client.ts', './src/lib/app-reader.ts'],
    message: 'Load the reader with getReader() so it stays out of the first-load bundle (ADR 028).',
  },
];

/**
 * The local stack's layers (README "Layout"; ADR 001): pure protocol code in `lib/` imports nothing
 * outside itself; `db/` sits on `lib/` and the config, `mail/` (the caught mail) on `lib/`; of the
 * app, the stack imports only the shared zone `src/shared/` (ADR 035); each service (auth, rest, realtime,
 * functions, static, cron, mailbox) and the gateway's hooks sit on `db/`, `lib/` and `context.ts` and never import
 * one another; only the entry points (`stack.ts`, `main.ts`, `supervisor/`, `cli/`, `seed/`) compose them
 * (`services.ts` is the one table of which plugin serves which prefix, ADR 017).
 */
const services = [
  'auth',
  'rest',
  'realtime',
  'functions',
  'static',
  'gateway',
  'cron',
  'mailbox',
  'beacon',
];
const serverZones = [
  {
    target: './server',
    from: './src',
    except: ['./shared'],
    message: 'The stack takes from the app only the shared zone, src/shared (ADR 035).',
  },
  {
    target: './server/src/lib',
    from: './server/src',
    except: ['./lib'],
    message: 'server/src/lib is pure: it imports nothing outside itself.',
  },
  {
    target: './server/src/mail',
    from: './server/src',
    except: ['./mail', './lib'],
    message: 'server/src/mail (the caught mail, state) sits beside db/: it imports only lib/.',
  },
  {
    target: './server/src/db',
    from: ['./server/src', './server/src/context.ts'],
    except: ['./db', './lib', './config.ts'],
    message: 'server/src/db sits below the services: it imports only lib/ and the config.',
  },
  ...services.map((service) => ({
    target: `./server/src/${service}`,
    from: services.filter((other) => other !== service).map((other) => `./server/src/${other}`),
    // The gateway's one client-address rule, which every per-IP limit shares (ADR 019).
    except: ['./client-address.ts'],
    message: 'Services do not import each other: share through db/, lib/ or context.ts.',
  })),
  {
    target: [
      './server/src/!(cli|seed|supervisor)/**',
      './server/src/context.ts',
      './server/src/config.ts',
    ],
    from: [
      './server/src/stack.ts',
      './server/src/main.ts',
      './server/src/supervisor',
      './server/src/seed',
      './server/src/cli',
    ],
    message: 'Only the entry points compose the stack: nothing below imports them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      // The compiled server (scripts/build-server.ts), rebuilt by every `npm start`.
      'server/dist/',
      'node_modules/',
      '.data/',
      '.tmp/',
      'coverage/',
      'playwright-report/',
      'test-results/',
      // Generated from the migrations; regenerate it instead of editing.
      'src/lib/database.types.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          project: 'tsconfig.json',
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...architectureZones, ...serverZones] }],
      // TypeScript already checks names; these two flag `import WebSocket from 'ws'` and the like.
      'import-x/no-named-as-default': 'off',
      'import-x/no-named-as-default-member': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: [
      'server/**/*.ts',
      'tests/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.{js,mjs,ts}',
      '*.{js,mjs,cjs,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // Edge functions run in Deno and import by URL (`npm:`, `jsr:`), which no Node resolver knows.
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, Deno: 'readonly' } },
    rules: { 'import-x/no-unresolved': 'off' },
  },
);
