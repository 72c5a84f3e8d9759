// Plain HTTP from a chosen source address (127.x.y.z all reach the stack on 127.0.0.1), so an
// attacker counts as a stranger of its own and per-address limits meet it, not the visitor.
import http from 'node:http';

export interface Target {
  host: string;
  port: number;
  anonKey: string;
}

export interface Answer {
  status: number;
  text: string;
}

const agents = new Map<string, http.Agent>();
function agentFor(from: string): http.Agent {
  let agent = agents.get(from);
  if (!agent) agents.set(from, (agent = new http.Agent({ keepAlive: true, maxSockets: 64 })));
  return agent;
}

export interface Ask {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address; 127.0.0.1 (the visitor's) when absent. */
  from?: string;
  timeoutMs?: number;
}

/** One request with the anon key; network errors and timeouts answer status 0. */
export function ask(target: Target, request: Ask): Promise<Answer> {
  const from = request.from ?? '127.0.0.1';
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.host,
        port: target.port,
        localAddress: from,
        agent: agentFor(from),
        method: request.method ?? 'GET',
        path: request.path,
        headers: {
          apikey: target.anonKey,
          authorization: `Bearer ${target.anonKey}`,
          ...request.headers,
        },
        timeout: request.timeoutMs ?? 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += text.length < 4096 ? chunk : ''));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', (error) => resolve({ status: 0, text: String(error) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ status: 0, text: String(error) }));
    req.end(request.body);
  });
}

/** Runs `task` with at most `concurrency` at once until `total` have run or `until` passes. */
export async function pool<T>(
  concurrency: number,
  task: (i: number) => Promise<T>,
  { total = Infinity, untilMs = Infinity }: { total?: number; untilMs?: number },
): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const deadline = Date.now() + untilMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total && Date.now() < deadline) results.push(await task(next++));
    }),
  );
  return results;
}

/** How many answers had each status: `{ "200": 3, "429": 7 }`. */
export function statuses(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
