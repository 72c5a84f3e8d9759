import { WifiOff } from 'lucide-react';
import { timeIn } from '@/lib/zone-names';
import { useI18n } from '@/i18n/i18n-context';

export interface ConnectionState {
  /** The browser says it has no network. */
  offline: boolean;
  /** The live channel dropped and realtime-js is rejoining (Today only). */
  reconnecting: boolean;
  /**
   * When the list shown was last read from the server or updated live (ms since epoch; 0 when
   * unknown): for a list from the offline copy, when that copy was read.
   */
  updatedAt: number;
}

/**
 * Says when the page is not current: offline (the list is as of its last read) or reconnecting.
 * A status region, so screen readers hear it appear and clear.
 */
export function ConnectionNotice({
  state,
  timeZone,
}: {
  state: ConnectionState;
  timeZone: string;
}) {
  const { i18n } = useI18n();
  const { offline, reconnecting, updatedAt } = state;
  let text = '';
  if (offline && updatedAt > 0) {
    text = i18n._('state.offlineCopy', { time: timeIn(new Date(updatedAt), timeZone) });
  } else if (offline) {
    text = i18n._('state.offline');
  } else if (reconnecting) {
    text = i18n._('state.reconnecting');
  }
  return (
    <div role="status" className="empty:hidden">
      {text && (
        <p className="flex items-center gap-2 rounded-lg border border-amber-600 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          <WifiOff aria-hidden className="size-4 shrink-0" />
          {text}
        </p>
      )}
    </div>
  );
}
