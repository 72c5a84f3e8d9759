import { randomUUID } from 'node:crypto';

/** One e-mail the local stack "sent", as a mail catcher (Inbucket, Mailpit) keeps it. */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** ISO time it was caught. */
  sentAt: string;
}

export type OutgoingMail = Omit<MailMessage, 'id' | 'sentAt'>;

/** The newest messages kept: older ones leave, so a flood of recovery requests costs bounded memory. */
export const MAILBOX_MAX_MESSAGES = 200;
/** Each part of a message is cut to this many characters (our templates are far smaller). */
export const MAILBOX_MAX_PART_CHARS = 16 * 1024;

/**
 * Every e-mail auth sends on the local stack, in memory, newest last. Nothing leaves the
 * machine, as under `supabase start`, where Inbucket catches the mail. A store of capacity 0
 * keeps nothing: the stack's with the mailbox off (`MAILBOX`, ADR 019), so no recovery link
 * sits in memory that nobody may read.
 */
export class MailStore {
  private readonly messages: MailMessage[] = [];

  constructor(
    readonly maxMessages = MAILBOX_MAX_MESSAGES,
    readonly maxPartChars = MAILBOX_MAX_PART_CHARS,
  ) {}

  add(mail: OutgoingMail): MailMessage {
    const cut = (value: string) => value.slice(0, this.maxPartChars);
    const message: MailMessage = {
      id: randomUUID(),
      to: cut(mail.to),
      subject: cut(mail.subject),
      html: cut(mail.html),
      text: cut(mail.text),
      sentAt: new Date().toISOString(),
    };
    this.messages.push(message);
    if (this.messages.length > Math.max(0, this.maxMessages)) {
      this.messages.splice(0, this.messages.length - this.maxMessages);
    }
    return message;
  }

  /** Newest first; only those to `to` (compared case-insensitively) when given. */
  list(to?: string): MailMessage[] {
    const wanted = to?.toLowerCase();
    return this.messages
      .filter((message) => wanted === undefined || message.to.toLowerCase() === wanted)
      .reverse();
  }

  get(id: string): MailMessage | undefined {
    return this.messages.find((message) => message.id === id);
  }

  clear(): void {
    this.messages.length = 0;
  }
}

/** The stack's mail store: with the mailbox off no mail is kept at all (ADR 019). */
export function mailStoreFor(mailbox: boolean): MailStore {
  return new MailStore(mailbox ? MAILBOX_MAX_MESSAGES : 0);
}
