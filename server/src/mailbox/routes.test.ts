import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { StackContext } from '../context.ts';
import { MailStore } from '../mail/mail-store.ts';
import { mailboxRoutes } from './routes.ts';

async function mailbox(enabled = true) {
  const mail = new MailStore();
  const app = Fastify();
  const ctx = { mail, config: { mailbox: enabled } } as unknown as StackContext;
  await app.register((scope) => mailboxRoutes(scope, ctx), {
    prefix: '/mailbox',
  });
  return { app, mail };
}

describe('mailboxRoutes', () => {
  it('lists messages as HTML and JSON and shows one, with no script allowed', async () => {
    const { app, mail } = await mailbox();
    const message = mail.add({
      to: 'ada@example.com',
      subject: '<b>Reset</b>',
      html: '<p>Follow</p>',
      text: 'Follow',
    });
    const page = await app.inject({ url: '/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('&lt;b&gt;Reset&lt;/b&gt;');
    expect(page.body).not.toContain('<b>Reset</b>');
    const list = await app.inject({ url: '/mailbox/api/messages?to=ADA@example.com' });
    expect(list.json()).toEqual({
      messages: [
        { id: message.id, to: 'ada@example.com', subject: '<b>Reset</b>', sentAt: message.sentAt },
      ],
    });
    expect((await app.inject({ url: `/mailbox/api/messages/${message.id}` })).json()).toMatchObject(
      {
        text: 'Follow',
      },
    );
    expect((await app.inject({ url: `/mailbox/${message.id}` })).body).toContain('<p>Follow</p>');
    expect((await app.inject({ url: '/mailbox/api/messages/nope' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/mailbox/nope' })).statusCode).toBe(404);
    await app.close();
  });

  it('answers only the machine itself: recovery links are keys to accounts', async () => {
    const { app, mail } = await mailbox();
    mail.add({ to: 'ada@example.com', subject: 'Reset', html: '', text: '' });
    for (const url of ['/mailbox', '/mailbox/api/messages']) {
      const remote = await app.inject({ url, remoteAddress: '192.0.2.10' });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('ada@example.com');
      const forwarded = await app.inject({
        url,
        remoteAddress: '192.0.2.10',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forwarded.statusCode).toBe(404);
    }
    expect((await app.inject({ url: '/mailbox', remoteAddress: '::1' })).statusCode).toBe(200);
    await app.close();
  });

  it('never serves a request a proxy forwarded, even from loopback (a reverse proxy on the same host)', async () => {
    const { app, mail } = await mailbox();
    mail.add({ to: 'ada@example.com', subject: 'Reset', html: '', text: '' });
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-host': 'lotto24.example' },
    ]) {
      const proxied = await app.inject({ url: '/mailbox/api/messages', headers });
      expect(proxied.statusCode).toBe(404);
      expect(proxied.body).toBe('Not found');
    }
    expect((await app.inject({ url: '/mailbox/api/messages' })).statusCode).toBe(200);
    await app.close();
  });

  it('is off unless switched on: the machine itself is told how to switch it on', async () => {
    const { app, mail } = await mailbox(false);
    mail.add({ to: 'ada@example.com', subject: 'Reset', html: '', text: '' });
    const local = await app.inject({ url: '/mailbox/api/messages' });
    expect(local.statusCode).toBe(404);
    expect(local.body).toContain('MAILBOX=on');
    const remote = await app.inject({ url: '/mailbox', remoteAddress: '192.0.2.10' });
    expect(remote.body).toBe('Not found');
    await app.close();
  });
});
