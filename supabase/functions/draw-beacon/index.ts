// Deno entry point (hosted Supabase and `supabase functions serve`). Everything else lives in
// handler.ts, which the local stack imports under Node, so the code under test is the code deployed.
import { createHandler } from './handler.ts';

Deno.serve(createHandler(Deno.env.toObject()));
