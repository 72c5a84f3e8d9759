import { MAILBOX_MAX_MESSAGES, type MailMessage } from '../mail/mail-store.ts';

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
.body{border:1px solid #ddd;border-radius:6px;padding:1rem}a{color:#0645ad}`;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The list, newest first. */
export function mailboxPage(messages: MailMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.to)}</td><td><a href="/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
    )
    .join('');
  const content = messages.length
    ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet. Password recovery and e-mail changes land here.</p>';
  return page(
    'Mailbox',
    `<h1>Mailbox</h1><p>Every e-mail the local stack sends (newest first, the last ${MAILBOX_MAX_MESSAGES} kept).</p>${content}`,
  );
}

/**
 * One message. Its HTML is the stack's own template, whose every inserted value is escaped
 * (auth/mail.ts), and the page's CSP allows no script, so it is shown as it would be in a mail client.
 */
export function messagePage(message: MailMessage): string {
  return page(
    message.subject,
    `<p><a href="/mailbox">All mail</a></p><h1>${escapeHtml(message.subject)}</h1>
<p>To ${escapeHtml(message.to)} · ${escapeHtml(message.sentAt)}</p><div class="body">${message.html}</div>`,
  );
}
