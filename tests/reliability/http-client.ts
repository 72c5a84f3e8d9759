import http from 'node:http';

/** One generated request, replayable from its printed form. */
export interface FuzzRequest {
  surface: 'rest' | 'auth' | 'functions' | 'static';
  method: string;
  /** Sent byte for byte: node:http leaves `..`, `%2e` and odd escapes alone, unlike fetch's URL. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Declared Content-Length bigger than the body sent: a truncated upload. */
  truncate?: boolean;
}

export interface FuzzResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

// Real HTTP over a bounded pool of keep-alive sockets, as a browser or proxy would send it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function send(
  baseUrl: string,
  request: FuzzRequest,
  timeoutMs = 15_000,
): Promise<FuzzResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body) {
      headers['content-length'] = request.body.length + (request.truncate ? 1000 : 0);
    }
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        agent: request.truncate ? false : agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    if (request.truncate) {
      // Half a body, then silence and a hang-up: the server must give up on it, not crash.
      req.write(request.body ?? Buffer.alloc(0));
      setTimeout(() => req.destroy(new Error('truncated')), 50);
      return;
    }
    req.end(request.body);
  });
}

/** The request as one line a developer can paste into curl's terms. */
export function describe(request: FuzzRequest): string {
  const body = request.body
    ? request.body.length > 200
      ? ` body=<${request.body.length} bytes: ${JSON.stringify(request.body.subarray(0, 80).toString('latin1'))}…>`
      : ` body=${JSON.stringify(request.body.toString('latin1'))}`
    : '';
  const headers = Object.entries(request.headers)
    .map(([k, v]) => `${k}: ${v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v}`)
    .join(' | ');
  return `${request.method} ${request.path} [${headers}]${body}${request.truncate ? ' (truncated)' : ''}`;
}

export function closeAgent(): void {
  agent.destroy();
}
