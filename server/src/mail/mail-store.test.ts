import { describe, expect, it } from 'vitest';
import { MailStore } from './mail-store.ts';

const mail = (to: string, n: number) => ({
  to,
  subject: `s${n}`,
  html: `<p>${n}</p>`,
  text: `${n}`,
});

describe('MailStore', () => {
  it('keeps the newest messages only, newest first, each part capped', () => {
    const store = new MailStore(3, 10);
    for (let n = 0; n < 5; n++) store.add(mail('a@example.com', n));
    expect(store.list().map((m) => m.subject)).toEqual(['s4', 's3', 's2']);
    const big = store.add({
      to: 'b@example.com',
      subject: 'x'.repeat(100),
      html: 'y'.repeat(100),
      text: '',
    });
    expect(big.subject).toHaveLength(10);
    expect(big.html).toHaveLength(10);
    expect(store.list()).toHaveLength(3);
  });

  it('filters by recipient, case-insensitively, and finds by id', () => {
    const store = new MailStore();
    const first = store.add(mail('Ada@Example.com', 1));
    store.add(mail('bob@example.com', 2));
    expect(store.list('ada@example.com').map((m) => m.id)).toEqual([first.id]);
    expect(store.get(first.id)?.text).toBe('1');
    store.clear();
    expect(store.list()).toEqual([]);
  });

  it('keeps nothing at capacity 0 (the mailbox switched off)', () => {
    const store = new MailStore(0);
    store.add({ to: 'ada@example.com', subject: 'Reset', html: 'link', text: 'link' });
    expect(store.list()).toEqual([]);
  });
});
