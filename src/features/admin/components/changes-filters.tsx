import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { AuditActor } from '../api/get-audit-actors';
import { BY_SYSTEM, type ChangesFilter } from '../utils/changes-filter';
import { DateField } from './date-field';
import { useI18n } from '@/i18n/i18n-context';

export type ChangesFiltersProps = {
  today: string;
  filter: ChangesFilter;
  /** The e-mails the trail names; undefined while they load. */
  actors: AuditActor[] | undefined;
  /** A new filter always starts at the newest page. */
  onChange: (filter: Omit<ChangesFilter, 'before'>) => void;
};

export function ChangesFilters({ today, filter, actors, onChange }: ChangesFiltersProps) {
  const { i18n } = useI18n();
  const id = useId();
  const { from, to, by } = filter;
  // An address naming someone not (or no longer) listed still shows as chosen.
  const listed = actors?.map((actor) => actor.email);
  const strayBy = by && by !== BY_SYSTEM && !listed?.includes(by) ? by : undefined;
  return (
    <div className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.5fr_auto]">
      <DateField
        id={`${id}-from`}
        label={i18n._('admin.changes.from')}
        value={from}
        today={today}
        placeholder={i18n._('admin.date.any')}
        onChange={(value) => onChange({ from: value, to, by })}
      />
      <DateField
        id={`${id}-to`}
        label={i18n._('admin.changes.to')}
        value={to}
        today={today}
        placeholder={i18n._('admin.date.any')}
        onChange={(value) => onChange({ from, to: value, by })}
      />
      <div className="space-y-2">
        <Label htmlFor={`${id}-by`}>{i18n._('admin.changes.by')}</Label>
        <Select
          id={`${id}-by`}
          value={by ?? ''}
          onChange={(event) => onChange({ from, to, by: event.target.value || undefined })}
        >
          <option value="">{i18n._('admin.changes.anyone')}</option>
          <option value={BY_SYSTEM}>{i18n._('admin.changes.bySystem')}</option>
          {actors?.map(({ email, changes }) => (
            <option key={email} value={email}>
              {i18n._('admin.changes.actor', { email, count: changes })}
            </option>
          ))}
          {strayBy && <option value={strayBy}>{strayBy}</option>}
        </Select>
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={!from && !to && !by}
        onClick={() => onChange({})}
      >
        {i18n._('admin.changes.clear')}
      </Button>
    </div>
  );
}
