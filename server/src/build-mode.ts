/** Defined only by the server build (scripts/build-server.ts); absent under tsx and vitest. */
declare const __LOTTO24_COMPILED__: boolean | undefined;

/**
 * True in the compiled server `npm start` runs (server/dist/, ADR 031): its modules are plain
 * JavaScript, and TypeScript loaded at run time (edge functions) goes through tsx's API.
 */
export const compiled = typeof __LOTTO24_COMPILED__ !== 'undefined' && __LOTTO24_COMPILED__;

/**
 * Imports a TypeScript module by path as the running server can: natively under tsx or vitest,
 * through tsx's scoped loader in the compiled server, which pays for tsx only when first asked.
 */
export async function importTypeScript(file: string, parentUrl: string): Promise<unknown> {
  const { pathToFileURL } = await import('node:url');
  const url = pathToFileURL(file).href;
  if (!compiled) return import(url);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(url, parentUrl);
}
