import * as React from 'react';
import type { ToastActionElement, ToastProps } from './toast';

// shadcn/ui's toast store: a tiny module-level reducer so any code can call `toast()`.
// One toast at a time: a new outcome replaces the last (an old error beside a new success reads
// as if the new action failed too), and a stack of them would cover a phone's heading.
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1000;
/** Long enough to read an error and its cause; an outcome needs a glance. Hover pauses both. */
export const ERROR_TOAST_MS = 10_000;
export const SUCCESS_TOAST_MS = 5_000;

export type ToasterToast = ToastProps & {
  id: string;
  /** When it was raised (ms since the epoch), so a page change can dismiss the older ones. */
  createdAt: number;
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
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
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

export type Toast = Omit<ToasterToast, 'id' | 'createdAt'>;

export function toast(props: Toast) {
  const id = genId();
  const duration =
    props.duration ?? (props.variant === 'destructive' ? ERROR_TOAST_MS : SUCCESS_TOAST_MS);
  const update = (next: ToasterToast) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      duration,
      createdAt: Date.now(),
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

/**
 * Dismisses the toasts raised before `before`: a page change calls it so toasts do not follow the
 * visitor to another page, while one raised by the action that navigated (e.g. "Logged in"
 * just before the dashboard opens) arrives with it.
 */
export function dismissToastsBefore(before: number): void {
  memoryState.toasts
    .filter((t) => t.open !== false && t.createdAt < before)
    .forEach((t) => dispatch({ type: 'DISMISS_TOAST', toastId: t.id }));
}

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
