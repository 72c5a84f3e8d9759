import * as React from 'react';
import type { ToastActionElement, ToastProps } from './toast';
import { announceToast, handlePageChanges } from './toast-signal';

// shadcn/ui's toast store: a tiny module-level reducer so any code can call `toast()`.
// A new outcome replaces the last (an old error beside a new success reads as if the new action
// failed too); only a toast raised for the next page (`carry`) stays beside the one that page
// raises, so at most two show, and a stack never covers a phone's heading.
const TOAST_LIMIT = 2;
const TOAST_REMOVE_DELAY = 1000;
/** How long a `carry` toast survives page changes: the redirects its own action causes. */
const CARRY_MS = 3_000;
/** Long enough to read an error and its cause; an outcome needs a glance. Hover pauses both. */
export const ERROR_TOAST_MS = 10_000;
export const SUCCESS_TOAST_MS = 5_000;

export type ToasterToast = ToastProps & {
  id: string;
  /** Until when (ms since the epoch) it survives page changes and new toasts; see `carry`. */
  carryUntil?: number;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

interface State {
  toasts: ToasterToast[];
}

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string): void {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST': {
      const carried = state.toasts.filter((t) => isCarried(t, Date.now()));
      return { toasts: [action.toast, ...carried].slice(0, TOAST_LIMIT) };
    }
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      if (toastId) scheduleRemoval(toastId);
      else state.toasts.forEach((t) => scheduleRemoval(t.id));
      return {
        toasts: state.toasts.map((t) =>
          toastId === undefined || t.id === toastId ? { ...t, open: false } : t,
        ),
      };
    }
    case 'REMOVE_TOAST':
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

const listeners: Array<(state: State) => void> = [];
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  listeners.forEach((listener) => listener(memoryState));
}

const isCarried = (t: ToasterToast, now: number) =>
  t.carryUntil !== undefined && t.carryUntil >= now;

export type Toast = Omit<ToasterToast, 'id' | 'carryUntil'> & {
  /** Raised just before the app navigates: it is news for the next page, not this one. */
  carry?: boolean;
};

export function toast({ carry = false, ...props }: Toast) {
  const id = genId();
  const duration =
    props.duration ?? (props.variant === 'destructive' ? ERROR_TOAST_MS : SUCCESS_TOAST_MS);
  const update = (next: ToasterToast) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  announceToast();
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      duration,
      carryUntil: carry ? Date.now() + CARRY_MS : undefined,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

/**
 * A page change calls this so toasts do not follow the visitor to another page, except one the
 * action that navigated raised for the next page (e.g. "Logged in" as the dashboard opens).
 */
export function dismissOnNavigation(now = Date.now()): void {
  memoryState.toasts
    .filter((t) => t.open !== false && !isCarried(t, now))
    .forEach((t) => dispatch({ type: 'DISMISS_TOAST', toastId: t.id }));
}

handlePageChanges(dismissOnNavigation);

export function useToast() {
  const [state, setState] = React.useState<State>(memoryState);
  React.useEffect(() => {
    listeners.push(setState);
    return () => {
      const index = listeners.indexOf(setState);
      if (index > -1) listeners.splice(index, 1);
    };
  }, []);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
  };
}
