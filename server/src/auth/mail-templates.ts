import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StackContext } from '../context.ts';
import { repoRoot } from '../config.ts';
import { parseTemplate, renderTemplate } from '../lib/go-template.ts';
import type { OutgoingMail } from '../mail/mail-store.ts';

type Parsed = ReturnType<typeof parseTemplate>;
interface MailTemplate {
  subject: Parsed;
  body: Parsed;
}

/** The data GoTrue hands the recovery template (templatemailer.go, RecoveryMail). */
export interface RecoveryData {
  SiteURL: string;
  ConfirmationURL: string;
  Email: string;
  Token: string;
  TokenHash: string;
  Data: Record<string, unknown>;
  RedirectTo: string;
}

const parsed = new WeakMap<StackContext, Map<string, MailTemplate | null>>();

/**
 * `[auth.email.template.<kind>]` of config.toml, parsed once per stack; null when it names
 * neither subject nor body (the built-in mail then, as GoTrue's defaults). `content_path` is
 * relative to the project folder, as the CLI reads it. Both must set: a subject without a body
 * would mix the operator's words with the default's.
 */
function templateOf(ctx: StackContext, kind: string): MailTemplate | null {
  let cache = parsed.get(ctx);
  if (!cache) parsed.set(ctx, (cache = new Map()));
  if (cache.has(kind)) return cache.get(kind)!;
  const config = ctx.config.project.auth?.email?.template?.[kind];
  let template: MailTemplate | null = null;
  if (config?.subject !== undefined && config.content_path !== undefined) {
    const file = path.resolve(repoRoot, config.content_path);
    template = {
      subject: parseTemplate(config.subject),
      body: parseTemplate(readFileSync(file, 'utf8')),
    };
  }
  cache.set(kind, template);
  return template;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&#34;': '"',
  '&quot;': '"',
  '&#39;': "'",
  '&#43;': '+',
};
const decode = (html: string) =>
  html.replace(/&(amp|lt|gt|#34|quot|#39|#43);/g, (entity) => ENTITIES[entity]!);

/**
 * The plain-text part the mailbox shows beside the HTML (hosted GoTrue sends HTML only):
 * paragraphs apart, a link as `label: address`, other tags dropped.
 */
export function textOfHtml(html: string): string {
  const paragraphs = [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map(([, inner]) =>
    decode(
      inner!
        .replace(
          /<a href="([^"]*)">([\s\S]*?)<\/a>/g,
          (_all, href: string, label: string) => `${label}: ${href}`,
        )
        .replace(/<[^>]+>/g, ''),
    ).trim(),
  );
  return `${paragraphs.join('\n\n')}\n`;
}

/** The recovery mail from the project's template, or null when config.toml sets none. */
export function templatedRecoveryMail(
  ctx: StackContext,
  to: string,
  data: RecoveryData,
): OutgoingMail | null {
  const template = templateOf(ctx, 'recovery');
  if (!template) return null;
  const html = renderTemplate(template.body, { ...data });
  return {
    to,
    subject: renderTemplate(template.subject, { ...data }),
    html,
    text: textOfHtml(html),
  };
}
