import type { UseQueryResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Factor } from '../api/list-factors';
import { useUnenrollFactor } from '../api/unenroll-factor';
import { mfaErrorMessage } from '../utils/mfa-error';

export type FactorListProps = { query: UseQueryResult<Factor[]>; canManage: boolean };

/** The account's authenticator apps; the last one stays, or a password would open it again. */
export function FactorList({ query, canManage }: FactorListProps) {
  const remove = useUnenrollFactor();
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {mfaErrorMessage(query.error)}
      </p>
    );
  }
  if (!query.data) return <Spinner className="size-5" />;
  const factors = query.data;
  const removable = canManage && factors.length > 1;

  return (
    <div className="space-y-2">
      <ul className="divide-y rounded-md border">
        {factors.map((factor) => (
          <li key={factor.id} className="flex items-center justify-between gap-2 p-2 text-sm">
            <span className="min-w-0 wrap-anywhere">
              <span className="font-medium">{factor.name || 'Authenticator app'}</span>
              <span className="text-muted-foreground block">
                Added {new Date(factor.createdAt).toLocaleDateString()}
              </span>
            </span>
            {removable && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Remove ${factor.name || 'Authenticator app'}`}
                onClick={() => remove.mutate(factor.id)}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canManage && factors.length === 1 && (
        <p className="text-muted-foreground text-sm">
          Your only app cannot be removed: add another first.
        </p>
      )}
      {!canManage && (
        <p className="text-muted-foreground text-sm">
          Enter your authenticator code first to add or remove apps.
        </p>
      )}
      {remove.isError && (
        <p role="alert" className="text-destructive text-sm">
          {mfaErrorMessage(remove.error)}
        </p>
      )}
    </div>
  );
}
