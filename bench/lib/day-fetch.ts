// The day's results through /rest/v1 as anon, the query the Today page runs
// (src/lib/results/api/get-results-by-date.ts), over one keep-alive agent shared by all
// simulated visitors so the load generator holds a bounded number of connections.
import http from 'node:http';
import type { ChangedRow } from './rush-subscribers.ts';

export interface DayFetcher {
  fetchDay(): Promise<ChangedRow[]>;
  close(): void;
}

export function dayFetcher(
  apiUrl: string,
  anonKey: string,
  date: string,
  maxSockets: number,
): DayFetcher {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const url = new URL('/rest/v1/lottery_results', apiUrl);
  url.search = new URLSearchParams({
    select: '*',
    draw_date: `eq.${date}`,
    order: 'draw_hour.desc',
  }).toString();
  const headers = {
    apikey: anonKey,
    Authorization: `Bearer ${anonKey}`,
    Accept: 'application/json',
  };

  const fetchDay = () =>
    new Promise<ChangedRow[]>((resolve, reject) => {
      const request = http.get(url, { agent, headers, timeout: 30_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200)
            return reject(new Error(`HTTP ${response.statusCode}: ${body.slice(0, 200)}`));
          try {
            resolve(JSON.parse(body) as ChangedRow[]);
          } catch (error) {
            reject(error as Error);
          }
        });
      });
      request.on('timeout', () => request.destroy(new Error('request timed out')));
      request.on('error', reject);
    });

  return { fetchDay, close: () => agent.destroy() };
}
