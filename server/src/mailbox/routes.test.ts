import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { StackContext } from '../context.ts';
import { MailStore } from '../lib/mail-store.ts';
import { mailboxRoutes } from './routes.ts';

async function mailbox() {
  const mail = new MailStore();
  const app = Fastify();
  await app.register((scope) => mailboxRoutes(scope, { mail } as unknown as StackContext), {
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
});
