import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { AuditActor } from '../api/get-audit-actors';
import { BY_SYSTEM, type ChangesFilter } from '../utils/changes-filter';
import { DateField } from './date-field';

export type ChangesFiltersProps = {
  today: string;
  filter: ChangesFilter;
  /** The e-mails the trail names; undefined while they load. */
  actors: AuditActor[] | undefined;
  /** A new filter always starts at the newest page. */
  onChange: (filter: Omit<ChangesFilter, 'before'>) => void;
};

export function ChangesFilters({ today, filter, actors, onChange }: ChangesFiltersProps) {
  const id = useId();
  const { from, to, by } = filter;
  // An address naming someone not (or no longer) listed still shows as chosen.
  const listed = actors?.map((actor) => actor.email);
  const strayBy = by && by !== BY_SYSTEM && !listed?.includes(by) ? by : undefined;
  return (
    <div className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.5fr_auto]">
      <DateField
        id={`${id}-from`}
        label="Changed from"
        value={from}
        today={today}
        placeholder="Any date"
        onChange={(value) => onChange({ from: value, to, by })}
      />
      <DateField
        id={`${id}-to`}
        label="Changed to"
        value={to}
        today={today}
        placeholder="Any date"
        onChange={(value) => onChange({ from, to: value, by })}
      />
      <div className="space-y-2">
        <Label htmlFor={`${id}-by`}>By</Label>
        <Select
          id={`${id}-by`}
          value={by ?? ''}
          onChange={(event) => onChange({ from, to, by: event.target.value || undefined })}
        >
          <option value="">Anyone</option>
          <option value={BY_SYSTEM}>System, service role or SQL</option>
          {actors?.map(({ email, changes }) => (
            <option key={email} value={email}>
              {email} ({changes === 1 ? '1 change' : `${changes} changes`})
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
        Clear filters
      </Button>
    </div>
  );
}
