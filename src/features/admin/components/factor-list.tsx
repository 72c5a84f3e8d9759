import type { UseQueryResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Factor } from '../api/list-factors';
import { useUnenrollFactor } from '../api/unenroll-factor';
import { mfaErrorMessage } from '../utils/mfa-error';
import { useI18n } from '@/i18n/i18n-context';
import { INTL_LOCALES, type Locale } from '@/shared/i18n/locales';

export type FactorListProps = { query: UseQueryResult<Factor[]>; canManage: boolean };

/** The account's authenticator apps; the last one stays, or a password would open it again. */
export function FactorList({ query, canManage }: FactorListProps) {
  const { i18n, locale } = useI18n();
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
              <span className="font-medium">
                {factor.name || i18n._('admin.factor.defaultName')}
              </span>
              <span className="text-muted-foreground block">
                {i18n._('admin.factor.addedOn', { date: addedOn(factor.createdAt, locale) })}
              </span>
            </span>
            {removable && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                aria-label={i18n._('admin.factor.remove', {
                  name: factor.name || i18n._('admin.factor.defaultName'),
                })}
                onClick={() => remove.mutate(factor.id)}
              >
                <Trash2 aria-hidden />
                {i18n._('admin.factor.removeShort')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canManage && factors.length === 1 && (
        <p className="text-muted-foreground text-sm">{i18n._('admin.factor.onlyOne')}</p>
      )}
      {!canManage && (
        <p className="text-muted-foreground text-sm">{i18n._('admin.factor.codeFirst')}</p>
      )}
      {remove.isError && (
        <p role="alert" className="text-destructive text-sm">
          {mfaErrorMessage(remove.error)}
        </p>
      )}
    </div>
  );
}

/** The day an app was added, as the admin's browser writes dates (English) or in the page's language. */
function addedOn(createdAt: string, locale: Locale): string {
  return new Date(createdAt).toLocaleDateString(locale === 'en' ? undefined : INTL_LOCALES[locale]);
}
