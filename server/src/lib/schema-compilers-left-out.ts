// What the compiled server bundles in place of Fastify's default schema compilers (Ajv and
// fast-json-stringify: about 1 MB of source each worker would parse at start). createApp
// (server/src/app.ts) gives Fastify compilers of its own, so this is never called.
export default function schemaCompilersLeftOut(): never {
  throw new Error(
    'Fastify schema compilers are left out of the compiled server (server/src/app.ts)',
  );
}
