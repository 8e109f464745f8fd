import { useEffect, useRef } from 'react';
import type { CaseFormStore } from '../state/case-form.store.js';

interface RoutingEventDetail {
  oldUrl?: string;
  newUrl?: string;
  cancelNavigation?: (value?: boolean | Promise<boolean>) => void;
}

/**
 * Leaving with unsaved changes asks first: the browser's own prompt on reload or close, and
 * `confirmLeave` for a move to another screen, caught through single-spa's before-routing-event
 * so the shell's navigation and this module's links are held alike.
 */
export function useLeaveGuard(store: CaseFormStore, confirmLeave: () => Promise<boolean>, isOwnRoute: (url: string) => boolean): void {
  const confirmRef = useRef(confirmLeave);
  confirmRef.current = confirmLeave;
  const ownRef = useRef(isOwnRoute);
  ownRef.current = isOwnRoute;

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!store.getState().dirty) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const beforeRouting = (event: Event) => {
      const detail = (event as CustomEvent<RoutingEventDetail>).detail;
      if (!detail?.cancelNavigation || !store.getState().dirty) return;
      if (detail.newUrl && ownRef.current(detail.newUrl)) return;
      detail.cancelNavigation(confirmRef.current().then((leave) => !leave));
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('single-spa:before-routing-event', beforeRouting);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('single-spa:before-routing-event', beforeRouting);
    };
  }, [store]);
}
