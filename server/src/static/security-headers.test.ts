import { describe, expect, it } from 'vitest';
import { pageSecurityHeaders } from './security-headers.ts';

describe('pageSecurityHeaders', () => {
  it('lets a page connect to the Supabase project its build names, over HTTPS and its websocket', () => {
    const csp = pageSecurityHeaders('<head></head>', {
      supabaseUrl: 'https://abc.supabase.co',
    })['Content-Security-Policy'];
    expect(csp).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co;");
    expect(csp).toContain("default-src 'self';");
    expect(csp).toContain("form-action 'self'");
  });
});
