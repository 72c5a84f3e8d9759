import type { OutgoingMail } from '../mail/mail-store.ts';

/** The HTML text of a value placed in a template (mail clients render HTML). */
function escape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

function mail(
  to: string,
  subject: string,
  lines: string[],
  link: string,
  action: string,
  otp: string,
): OutgoingMail {
  const html =
    lines.map((line) => `<p>${escape(line)}</p>`).join('\n') +
    `\n<p><a href="${escape(link)}">${escape(action)}</a></p>\n<p>Alternatively, enter the code: <strong>${escape(otp)}</strong></p>`;
  const text = `${lines.join('\n\n')}\n\n${action}: ${link}\n\nAlternatively, enter the code: ${otp}\n`;
  return { to, subject, html, text };
}

/** GoTrue's default recovery template ("Reset Your Password"), with the code as the CLI's adds it. */
export function recoveryMail(to: string, link: string, otp: string): OutgoingMail {
  return mail(
    to,
    'Reset Your Password',
    ['Follow this link to reset the password for your user:'],
    link,
    'Reset Password',
    otp,
  );
}

/** GoTrue's default e-mail change template, sent to the new address and (double confirm) the old one. */
export function emailChangeMail(
  to: string,
  oldEmail: string,
  newEmail: string,
  link: string,
  otp: string,
): OutgoingMail {
  return mail(
    to,
    'Confirm Email Change',
    [`Follow this link to confirm the update of your email from ${oldEmail} to ${newEmail}:`],
    link,
    'Change Email',
    otp,
  );
}
