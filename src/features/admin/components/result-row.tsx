import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DRAW_DATES, isInDrawRange } from '@/shared/draw-date-range';
import { hourLabel } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { isPrize, prizeError } from '../utils/prize-entry';
import { PrizeInput } from './prize-input';
import { useI18n } from '@/i18n/i18n-context';
import { focusOnMount } from '@/lib/focus-on-mount';

export type ResultRowProps = {
  result: LotteryResult;
  /** False until the draw time has passed: the public cannot see it yet. */
  published: boolean;
  busy: boolean;
  /** Resolves true when saved, which returns the row to display mode. */
  onSave: (firstPrize: string) => Promise<boolean>;
  onDelete: () => void;
};

/** One Past Results row, in display mode or in edit mode. */
export function ResultRow({ result, published, busy, onSave, onDelete }: ResultRowProps) {
  const { i18n } = useI18n();
  const id = useId();
  const [draft, setDraftValue] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const draw = `${result.draw_date} ${hourLabel(result.draw_hour)}`;
  const setDraft = (value: string | null) => {
    setDraftValue(value);
    if (value === null) setComplete(false);
  };
  const problem = draft === null ? undefined : prizeError(draft, complete);

  async function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setComplete(true);
    // Checked as typed (noValidate): an inline error rather than a browser bubble.
    if (draft === null || busy || !isPrize(draft)) return;
    if (await onSave(draft)) setDraft(null);
  }

  const when = (
    <div className="min-w-0">
      <div className="font-medium">{result.draw_date}</div>
      <div className="text-muted-foreground flex items-center gap-2 text-sm">
        <span>{hourLabel(result.draw_hour)}</span>
        {!published && (
          <span className="bg-accent text-accent-foreground rounded px-1.5 py-0.5 text-xs font-medium">
            {i18n._('admin.row.scheduled')}
          </span>
        )}
        {/* A row older than the draw date range (ADR 020): the operator corrects or deletes it. */}
        {!isInDrawRange(result.draw_date) && (
          <span
            className="bg-destructive/10 text-destructive rounded px-1.5 py-0.5 text-xs font-medium"
            title={i18n._('admin.row.rangeTitle', {
              first: DRAW_DATES.first,
              last: DRAW_DATES.last,
            })}
          >
            {i18n._('admin.row.outOfRange')}
          </span>
        )}
      </div>
    </div>
  );

  if (draft !== null) {
    return (
      <li className="rounded-md border p-3">
        <form
          className="flex flex-wrap items-center gap-3"
          noValidate
          onSubmit={(e) => void handleSave(e)}
        >
          {when}
          <label htmlFor={`${id}-prize`} className="sr-only">
            {i18n._('admin.row.prizeFor', { draw })}
          </label>
          <PrizeInput
            id={`${id}-prize`}
            ref={focusOnMount}
            className="w-24"
            value={draft}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-prize-error` : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setDraft(null);
            }}
          />
          {problem && (
            <p id={`${id}-prize-error`} role="alert" className="text-destructive w-full text-sm">
              {problem}
            </p>
          )}
          <div className="ml-auto flex gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              {i18n._(busy ? 'account.saving' : 'admin.row.save')}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setDraft(null)}>
              {i18n._('admin.cancel')}
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="flex items-center gap-2 rounded-md border p-3 sm:gap-3">
      {when}
      <span className="font-mono text-lg font-semibold tracking-[0.2em] sm:text-xl sm:tracking-[0.3em]">
        {result.first_prize}
      </span>
      <div className="ml-auto flex shrink-0 gap-1">
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={i18n._('admin.row.edit', { draw })}
          disabled={busy}
          onClick={() => setDraft(result.first_prize)}
        >
          <Pencil aria-hidden />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          aria-label={i18n._('admin.row.delete', { draw })}
          disabled={busy}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}
