import { readSupabaseToml, type StackConfig } from '../../server/src/config.ts';

/** A caught e-mail as the local mailbox's JSON API serves it (/mailbox/api/messages/<id>). */
export interface CaughtMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  sentAt: string;
}

/** The newest mail to `to`, read through the mailbox API as a developer's script would. */
export async function latestMail(baseUrl: string, to: string): Promise<CaughtMail | undefined> {
  const list = (await (
    await fetch(`${baseUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`)
  ).json()) as { messages: Array<{ id: string }> };
  const newest = list.messages[0];
  if (!newest) return undefined;
  return (await (await fetch(`${baseUrl}/mailbox/api/messages/${newest.id}`)).json()) as CaughtMail;
}

/** The verify link and the code in a mail from auth. */
export function linkAndCode(mail: CaughtMail): { link: string; code: string } {
  const link = /: (http\S+\/auth\/v1\/verify\S+)/.exec(mail.text)?.[1];
  const code = /enter the code: (\d+)/.exec(mail.text)?.[1];
  if (!link || !code) throw new Error(`no link or code in mail: ${mail.text}`);
  return { link, code };
}

/**
 * The project's config.toml with `auth` settings changed: tests send more mail than the
 * hourly `email_sent` budget of 2 allows, and the limit has a test of its own.
 */
export function projectWith(
  auth: NonNullable<StackConfig['project']['auth']>,
): StackConfig['project'] {
  const toml = readSupabaseToml();
  return {
    ...toml,
    auth: {
      ...toml.auth,
      ...auth,
      rate_limit: { ...toml.auth?.rate_limit, email_sent: 10_000, ...auth.rate_limit },
      email: { ...toml.auth?.email, max_frequency: '0s', ...auth.email },
    },
  };
}
