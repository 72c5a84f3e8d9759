import { describe, expect, it } from 'vitest';
import { groupForPath } from '../services.ts';
import { requestTarget } from './head.ts';

const head = (text: string) => Buffer.from(text, 'latin1');

describe('requestTarget', () => {
  it('reads the target of an origin-form or absolute-form request line', () => {
    expect(requestTarget(head('GET /rest/v1/x?y=1 HTTP/1.1\r\nHost: a\r\n\r\n'))).toBe(
      '/rest/v1/x?y=1',
    );
    expect(requestTarget(head('\r\nGET http://a:1/realtime/v1/websocket HTTP/1.1\r\n\r\n'))).toBe(
      '/realtime/v1/websocket',
    );
    expect(requestTarget(head('OPTIONS * HTTP/1.1\r\n\r\n'))).toBe('/');
  });

  it('refuses what is not an HTTP/1.x request line', () => {
    expect(requestTarget(head('HELLO\r\n\r\n'))).toBeNull();
    expect(requestTarget(head('GET / HTTP/2.0\r\n\r\n'))).toBeNull();
    expect(requestTarget(head('GET relative HTTP/1.1\r\n\r\n'))).toBeNull();
  });
});

describe('groupForPath', () => {
  it('routes /realtime/ to realtime and everything else to http', () => {
    expect(groupForPath('/realtime/v1/websocket?vsn=1.0.0')).toBe('realtime');
    expect(groupForPath('/realtime/v1')).toBe('realtime');
    expect(groupForPath('/realtime/v10/x')).toBe('http');
    expect(groupForPath('/rest/v1/lottery_results')).toBe('http');
    expect(groupForPath('/history?date=2026-11-26')).toBe('http');
  });
});
