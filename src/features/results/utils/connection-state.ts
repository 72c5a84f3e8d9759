import type { ConnectionState } from '../components/connection-notice';

export interface ConnectionInputs {
  /** The browser says it has a network. */
  online: boolean;
  /** The live channel is rejoining (Today only). */
  reconnecting?: boolean;
  /** Set when the list shown is the offline copy: when that copy was read (useOfflineCopy). */
  copySavedAt: number | null;
  /** When React Query last had the list from the server. */
  dataUpdatedAt: number;
}

/**
 * What the page says about how current its list is. A list from the offline copy counts as
 * offline whatever the browser claims, and is as old as the copy: a copy is never shown as live.
 */
export function connectionState({
  online,
  reconnecting = false,
  copySavedAt,
  dataUpdatedAt,
}: ConnectionInputs): ConnectionState {
  return {
    offline: !online || copySavedAt !== null,
    reconnecting,
    updatedAt: copySavedAt ?? dataUpdatedAt,
  };
}
