import { hourLabel } from '@/shared/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { useI18n } from '@/i18n/i18n-context';
import { SLOT, SLOT2, WithSlot } from './with-slot';

/** What saving a new number for a system draw changes, in the admin's words. */
export function SystemEditQuestion({
  result,
  firstPrize,
  published,
}: {
  result: LotteryResult;
  firstPrize: string;
  published: boolean;
}) {
  const { i18n } = useI18n();
  const draw = `${result.draw_date} ${hourLabel(result.draw_hour)}`;
  const before = result.first_prize;
  return (
    <>
      <p>{i18n._('admin.edit.systemDrawn', { prize: before, draw })}</p>
      <p>
        <WithSlot text={i18n._('admin.edit.becomes', { prize: SLOT, operator: SLOT2 })}>
          <strong className="font-mono">{firstPrize}</strong>
          <strong>{i18n._('admin.edit.operator')}</strong>
        </WithSlot>
      </p>
      {published && <p>{i18n._('admin.edit.corrected', { prize: before })}</p>}
    </>
  );
}
