import type { Database, Json } from '@/lib/database.types';
import { hourLabel } from '@/shared/lottery-clock';
import { current } from '@/i18n/i18n';
import type { MessageId } from '@/shared/i18n/messages';

/** A row of `public.audit_trail` (migration 20250601001200): one change to a result or the settings. */
export type AuditEntry = Database['public']['Views']['audit_trail']['Row'];

export type ChangeKind =
  'added' | 'system-draw' | 'edited' | 'corrected' | 'moved' | 'deleted' | 'settings';

/** What the Changes view shows of one entry, in words and numbers. */
export type ChangeView = {
  kind: ChangeKind;
  label: string;
  /** `2026-11-23 14:30`; the old draw for a move. Absent for the settings. */
  draw?: string;
  before: string;
  after: string;
  /** The published number left its draw: its page shows the withdrawn number (ADR 024). */
  withdrawn: boolean;
  who: string;
};

const LABELS: Record<ChangeKind, MessageId> = {
  added: 'admin.change.added',
  'system-draw': 'admin.change.systemDraw',
  edited: 'admin.change.edited',
  corrected: 'admin.change.corrected',
  moved: 'admin.change.moved',
  deleted: 'admin.change.deleted',
  settings: 'admin.change.settings',
};

/** Nothing before an insert, nothing after a delete. */
export const NONE = '–';

type Row = Record<string, Json | undefined>;

const asRow = (value: Json | null): Row | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;

const text = (value: Json | undefined): string =>
  value === undefined || value === null ? '' : String(value);

function drawOf(row: Row | null): string | undefined {
  if (!row) return undefined;
  const hour = Number(row.draw_hour);
  return `${text(row.draw_date)} ${Number.isInteger(hour) ? hourLabel(hour) : text(row.draw_hour)}`;
}

function resultKind(entry: AuditEntry, old: Row | null, next: Row | null): ChangeKind {
  // The generate action's results ahead are 'system' too, but an admin asked for them.
  if (entry.action === 'INSERT')
    return next?.source === 'system' && !entry.actor_email ? 'system-draw' : 'added';
  if (entry.action === 'DELETE') return 'deleted';
  if (old && next && drawOf(old) !== drawOf(next)) return 'moved';
  return entry.correction ? 'corrected' : 'edited';
}

/** The settings that changed, `key: value` each; `updated_at` changes every time and says nothing. */
function settingsSides(old: Row | null, next: Row | null): { before: string; after: string } {
  const keys = [...new Set([...Object.keys(old ?? {}), ...Object.keys(next ?? {})])]
    .filter((key) => key !== 'id' && key !== 'updated_at')
    .filter((key) => !old || !next || JSON.stringify(old[key]) !== JSON.stringify(next[key]))
    .sort();
  const side = (row: Row | null) =>
    row && keys.length > 0 ? keys.map((key) => `${key}: ${text(row[key])}`).join(', ') : NONE;
  return { before: side(old), after: side(next) };
}

function who(entry: AuditEntry, kind: ChangeKind): string {
  if (entry.actor_email) return entry.actor_email;
  // No JWT named anyone: the database's own draw, or the service role or SQL.
  return current()._(kind === 'system-draw' ? 'admin.change.bySystem' : 'admin.change.byNoAccount');
}

export function describeChange(entry: AuditEntry): ChangeView {
  const old = asRow(entry.old_row);
  const next = asRow(entry.new_row);
  if (entry.subject === 'settings') {
    return {
      kind: 'settings',
      label: current()._(LABELS.settings),
      ...settingsSides(old, next),
      withdrawn: false,
      who: who(entry, 'settings'),
    };
  }
  const kind = resultKind(entry, old, next);
  const prize = (row: Row | null) => (row ? text(row.first_prize) : NONE);
  return {
    kind,
    label:
      kind === 'moved'
        ? current()._('admin.change.movedTo', { draw: drawOf(next) ?? NONE })
        : current()._(LABELS[kind]),
    draw: drawOf(old ?? next),
    before: prize(old),
    after: prize(next),
    withdrawn: entry.withdrawn === true,
    who: who(entry, kind),
  };
}

/** When, on the lottery clock: `2026-11-23 14:31:05`. */
export function formatChangeTime(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
