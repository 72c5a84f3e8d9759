import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import type { MailMessage } from '../mail/mail-store.ts';
import { messagePage, mailboxPage } from './pages.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Pages and bodies written here are never framed, scripted or cached. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The local mail catcher, like the Inbucket/Mailpit that `supabase start` runs: an HTML list at
 * /mailbox, each message at /mailbox/<id>, and a JSON API the tests read. Recovery links are
 * keys to accounts, so it is a development tool, off unless `MAILBOX=on`, and even then it
 * answers only a connection from the machine itself that no proxy forwarded (ADR 019): behind
 * a reverse proxy on the same host every visitor's connection comes from loopback too.
 */
export async function mailboxRoutes(app: FastifyInstance, ctx: StackContext): Promise<void> {
  app.addHook('onRequest', (request, reply) => guard(ctx.config.mailbox, request, reply));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
  });
  const { mail } = ctx;

  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .send(mailboxPage(mail.list())),
  );
  app.get('/api/messages', async (request) => {
    const { to } = request.query as Record<string, unknown>;
    const messages = mail.list(typeof to === 'string' && to !== '' ? to : undefined);
    return { messages: messages.map(summary) };
  });
  app.get('/api/messages/:id', async (request, reply) => {
    const message = find(request);
    return message ? message : reply.code(404).send({ error: 'Message not found' });
  });
  app.delete('/api/messages', async (_request, reply) => {
    mail.clear();
    return reply.code(204).send();
  });
  app.get('/:id', async (request, reply) => {
    const message = find(request);
    if (!message)
      return reply.code(404).type('text/plain; charset=utf-8').send('Message not found');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .send(messagePage(message));
  });

  function find(request: FastifyRequest): MailMessage | undefined {
    const { id } = request.params as { id: string };
    return UUID.test(id) ? mail.get(id) : undefined;
  }
}

function summary(message: MailMessage) {
  return { id: message.id, to: message.to, subject: message.subject, sentAt: message.sentAt };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** Any of these means a proxy (or someone posing as one) carried the request: never served. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];
const OFF_HINT =
  'The local mailbox is off. Start the stack with MAILBOX=on to read the mail auth sends at /mailbox (README, Accounts).';

/** Whether a request may read the mailbox: switched on, from loopback, not through a proxy. */
export function mayReadMailbox(enabled: boolean, request: FastifyRequest): boolean {
  return (
    enabled &&
    LOOPBACK.test(request.socket.remoteAddress ?? '') &&
    PROXY_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

async function guard(enabled: boolean, request: FastifyRequest, reply: FastifyReply) {
  if (mayReadMailbox(enabled, request)) return;
  const local = mayReadMailbox(true, request);
  // The hint only to the machine itself; anyone else learns nothing, not even that it exists.
  await reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .send(local ? OFF_HINT : 'Not found');
}
