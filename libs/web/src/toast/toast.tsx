import { useLayoutEffect } from 'react';
import { Button, notification } from 'antd';

/** SPEC.md §9: toasts last 5000 ms, sit top-center and carry a CLOSE action. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_PLACEMENT = 'top';

type NotificationInstance = ReturnType<typeof notification.useNotification>[0];

let host: NotificationInstance | null = null;
let nextKey = 0;

type ToastKind = 'success' | 'error' | 'info' | 'warning';

function show(kind: ToastKind, message: string): void {
  const target = host ?? notification;
  nextKey += 1;
  const key = `pnss-toast-${nextKey}`;
  target.open({
    key,
    type: kind,
    title: message,
    placement: TOAST_PLACEMENT,
    duration: TOAST_DURATION_MS / 1000,
    role: kind === 'error' ? 'alert' : 'status',
    // The CLOSE action is the one way to dismiss early; a second close icon would only repeat it.
    closable: false,
    actions: (
      <Button type="link" size="small" onClick={() => target.destroy(key)}>
        CLOSE
      </Button>
    ),
  });
}

/** The platform's toasts: one configuration for every module, whatever React root calls it. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};

/**
 * Renders the toasts inside the shell's theme. Mounted once by the shell (and by
 * renderWithProviders in tests); modules in other React roots reach it through `toast`.
 */
export function ToastHost() {
  const [instance, holder] = notification.useNotification({
    placement: TOAST_PLACEMENT,
    duration: TOAST_DURATION_MS / 1000,
    maxCount: 5,
  });
  useLayoutEffect(() => {
    host = instance;
    return () => {
      if (host === instance) host = null;
    };
  }, [instance]);
  return holder;
}
