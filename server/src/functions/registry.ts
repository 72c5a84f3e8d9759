import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseToml } from '../config.ts';

/** One servable function: its folder, the Node-loadable handler module and its gateway setting. */
export interface FunctionEntry {
  name: string;
  handlerPath: string;
  verifyJwt: boolean;
}

/** The names the Supabase CLI accepts for functions (and so the only ones a URL may name). */
export const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * The functions the stack serves, as `supabase functions serve` finds them: every folder of
 * `functionsDir` with a valid name (the CLI skips `_shared`-style folders), minus those with
 * `enabled = false`. Here a function also needs `handler.ts`, the module Node can load (index.ts
 * calls Deno.serve). `verify_jwt` defaults to true, as in the CLI.
 */
export function discoverFunctions(
  functionsDir: string,
  settings: SupabaseToml['functions'] = {},
): Map<string, FunctionEntry> {
  const entries = new Map<string, FunctionEntry>();
  if (!existsSync(functionsDir)) return entries;
  for (const dirent of readdirSync(functionsDir, { withFileTypes: true })) {
    const name = dirent.name;
    if (!dirent.isDirectory() || !FUNCTION_NAME.test(name)) continue;
    const handlerPath = path.join(functionsDir, name, 'handler.ts');
    const config = settings[name] ?? {};
    if (config.enabled === false || !existsSync(handlerPath)) continue;
    entries.set(name, { name, handlerPath, verifyJwt: config.verify_jwt !== false });
  }
  return entries;
}
