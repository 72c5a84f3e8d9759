import { performance } from 'node:perf_hooks';
import type { RawSocket } from '../utils/phoenix-socket.ts';
import { keepAlive, openResultsSocket } from '../utils/results-socket.ts';
import { resultKey } from './clients.ts';

/** What every visitor of one run shares: the site and where the figures go. */
export interface Site {
  url: string;
  anonKey: string;
  /** Today on the lottery's clock, `yyyy-MM-dd`. */
  today: string;
  /** Chunks the page requests once painted (the Supabase client), `/assets/…`. */
  afterPaintAssets: string[];
  pageMs: number[];
  readMs: number[];
  errors: string[];
}

/**
 * One visitor of the Today page, as the browser runs it: the page, its assets and then the
 * Supabase client chunk, the day's
 * results through /rest/v1 as anon (what supabase-js sends for getResultsByDate), and a realtime
 * socket speaking Phoenix vsn 2.0.0 with the page's postgres_changes binding.
 */
export class Visitor {
  /** Result key → when its INSERT event arrived (performance.now()). */
  readonly received = new Map<string, number>();
  private socket: RawSocket | undefined;
  private stopHeartbeat = () => {};
  private closing = false;

  constructor(
    private readonly site: Site,
    private readonly id: number,
  ) {}

  private fail(what: string): void {
    this.site.errors.push(`visitor ${this.id}: ${what}`);
  }

  private async get(url: string, headers: Record<string, string> = {}): Promise<string | null> {
    try {
      const response = await fetch(url, { headers });
      const body = await response.text();
      if (response.ok) return body;
      this.fail(`GET ${url} answered ${response.status}`);
    } catch (error) {
      this.fail(`GET ${url} failed: ${String(error)}`);
    }
    return null;
  }

  /**
   * GET / and every script and stylesheet it names, in parallel as a browser would, then the
   * chunks the page imports once it has painted.
   */
  async loadPage(): Promise<void> {
    const started = performance.now();
    const html = await this.get(`${this.site.url}/`);
    if (html === null) return;
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    if (assets.length === 0) return this.fail('the page names no assets');
    const fetchAll = (paths: (string | undefined)[]) =>
      Promise.all(paths.map((asset) => this.get(`${this.site.url}${asset}`)));
    const bodies = [...(await fetchAll(assets)), ...(await fetchAll(this.site.afterPaintAssets))];
    if (bodies.every((body) => body !== null)) this.site.pageMs.push(performance.now() - started);
  }

  /** The Today page's query: `select=*&draw_date=eq.today&order=draw_hour.desc`. */
  async readToday(): Promise<void> {
    const { url, anonKey, today } = this.site;
    const started = performance.now();
    const body = await this.get(
      `${url}/rest/v1/lottery_results?select=*&draw_date=eq.${today}&order=draw_hour.desc`,
      { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    );
    if (body === null) return;
    if (!Array.isArray(JSON.parse(body))) return this.fail(`read answered ${body.slice(0, 80)}`);
    this.site.readMs.push(performance.now() - started);
  }

  /** Opens the socket and resolves once the server confirms the postgres_changes binding. */
  async subscribe(): Promise<void> {
    const { url, anonKey } = this.site;
    const socket = await openResultsSocket({
      apiUrl: url,
      anonKey,
      topic: `realtime:results-live-${this.id}`,
      onChange: ({ type, record }) => {
        if (type === 'INSERT' && record) this.received.set(resultKey(record), performance.now());
      },
    }).catch((error: unknown) => {
      this.fail(`subscribe: ${String(error)}`);
      throw error;
    });
    this.socket = socket;
    socket.ws.on('error', (error) => this.fail(`socket error: ${String(error)}`));
    socket.ws.on('close', (code) => this.closing || this.fail(`socket closed (${code})`));
    this.stopHeartbeat = keepAlive(() => [socket]);
  }

  close(): void {
    this.closing = true;
    this.stopHeartbeat();
    this.socket?.close();
  }
}
