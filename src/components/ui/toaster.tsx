import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { useI18n } from '@/i18n/i18n-context';
import { useToast } from './use-toast';

/** Renders the toasts raised with `toast()`; mounted once by the app. */
export function Toaster() {
  const { toasts } = useToast();
  const { i18n } = useI18n();
  return (
    // Radix's own words: what a screen reader hears before a toast, and the region's name (Radix
    // puts the hotkey in for `{hotkey}`, so the message hands it the placeholder back).
    <ToastProvider label={i18n._('toast.announce')}>
      {toasts.map(({ id, title, description, action, carryUntil: _carry, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport label={i18n._('toast.region', { hotkey: '{hotkey}' })} />
    </ToastProvider>
  );
}
