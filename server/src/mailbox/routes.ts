import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import type { MailMessage } from '../lib/mail-store.ts';
import { messagePage, mailboxPage } from './pages.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Pages and bodies written here are never framed, scripted or cached. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The local mail catcher, like the Inbucket/Mailpit that `supabase start` runs: an HTML list at
 * /mailbox, each message at /mailbox/<id>, and a JSON API the tests read. Recovery links are
 * keys to accounts, so it answers only the machine itself (the socket's address, never a
 * forwarded header): a stack started with HOST=0.0.0.0 does not hand them to its network.
 */
export async function mailboxRoutes(app: FastifyInstance, ctx: StackContext): Promise<void> {
  app.addHook('onRequest', loopbackOnly);
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

async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) {
    await reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  }
}
