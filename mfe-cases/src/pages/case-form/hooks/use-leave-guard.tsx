import { useCallback, useContext, useEffect, useRef, useState, type ReactElement } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, useNavigate, type To } from 'react-router-dom';
import { Button, Modal } from 'antd';

interface RoutingEventDetail {
  oldUrl?: string;
  newUrl?: string;
  cancelNavigation?: (value?: boolean | Promise<boolean>) => void;
}

/** Where the user was typing when something tried to take them away: restored on Stay. */
interface Caret {
  element: HTMLElement;
  start: number | null;
  end: number | null;
}

interface PendingLeave {
  proceed: () => void;
  stay: () => void;
}

export interface LeaveGuard {
  /** Moves to `to` inside the module, asking first when there are unsaved changes. */
  leave: (to: To) => void;
  /** Lets the next move go without asking (after a save that navigates). */
  allowNext: () => void;
  /** The 'Leave without saving?' dialog, drawn by the form while a move waits for an answer. */
  dialog: ReactElement;
}

function hashPath(url: string): string {
  const at = url.indexOf('#');
  return at < 0 ? '/' : url.slice(at + 1).split('?')[0];
}

/**
 * Leaving the case form with unsaved changes is held BEFORE it happens, whichever way out:
 * - this module's own moves (×, links) are asked before the router moves, and in a data router
 *   its blocker holds every other one;
 * - a move the module does not make (the shell's side navigation, the back button, a module
 *   switch) is cancelled through single-spa's before-routing-event, before any module is
 *   unmounted or any router sees the new address, and asked afterwards;
 * - closing or reloading the tab gets the browser's own prompt.
 * Stay leaves everything as it was: the form never unmounted, and the field the user was typing
 * in gets its focus and caret back.
 */
export function useLeaveGuard({ isDirty, ownPath }: { isDirty: () => boolean; ownPath: string }): LeaveGuard {
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingLeave | null>(null);
  const pendingRef = useRef<PendingLeave | null>(null);
  pendingRef.current = pending;
  const bypass = useRef(false);
  const caret = useRef<Caret | null>(null);
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const ownRef = useRef(ownPath);
  ownRef.current = ownPath;

  const ask = useCallback((proceed: () => void, stay: () => void = () => undefined) => {
    if (pendingRef.current) {
      // A second way out while the question is open (a hash link fires popstate and hashchange): one question.
      pendingRef.current.stay();
      const next = { proceed, stay };
      pendingRef.current = next;
      setPending(next);
      return;
    }
    const next: PendingLeave = { proceed, stay };
    pendingRef.current = next;
    setPending(next);
  }, []);

  useEffect(() => {
    // The caret is read as focus leaves a field, which is before a click on × or on the side navigation.
    const onFocusOut = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target?.closest?.('.cf-page') || pendingRef.current) return;
      const input = target as HTMLInputElement;
      let start: number | null = null;
      let end: number | null = null;
      try {
        start = typeof input.selectionStart === 'number' ? input.selectionStart : null;
        end = typeof input.selectionEnd === 'number' ? input.selectionEnd : null;
      } catch {
        // Inputs without a text selection (radios, checkboxes) throw on selectionStart.
      }
      caret.current = { element: target, start, end };
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (bypass.current || !dirtyRef.current()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const beforeRouting = (event: Event) => {
      const detail = (event as CustomEvent<RoutingEventDetail>).detail;
      if (!detail?.cancelNavigation || !detail.newUrl || bypass.current || !dirtyRef.current()) return;
      if (hashPath(detail.newUrl) === ownRef.current) return;
      const target = detail.newUrl;
      // Cancelled at once, not after the answer: single-spa puts the address back before any
      // module unmounts and before the routers hear of the move, so the form stays as it is.
      detail.cancelNavigation(true);
      ask(() => {
        bypass.current = true;
        window.location.assign(target);
      });
    };
    const afterRouting = () => {
      bypass.current = false;
    };
    document.addEventListener('focusout', onFocusOut, true);
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('single-spa:before-routing-event', beforeRouting);
    window.addEventListener('single-spa:routing-event', afterRouting);
    return () => {
      document.removeEventListener('focusout', onFocusOut, true);
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('single-spa:before-routing-event', beforeRouting);
      window.removeEventListener('single-spa:routing-event', afterRouting);
    };
  }, [ask]);

  const leave = useCallback(
    (to: To) => {
      if (bypass.current || !dirtyRef.current()) {
        bypass.current = true;
        navigate(to);
        return;
      }
      ask(() => {
        bypass.current = true;
        navigate(to);
      });
    },
    [ask, navigate],
  );

  const allowNext = useCallback(() => {
    bypass.current = true;
  }, []);

  const answer = (goes: boolean) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    if (!current) return;
    if (goes) {
      current.proceed();
      return;
    }
    current.stay();
    const where = caret.current;
    // After the dialog has gone: the field the user was in, with the caret where it was.
    setTimeout(() => {
      if (!where || !where.element.isConnected) return;
      where.element.focus();
      if (where.start !== null && where.end !== null) {
        try {
          (where.element as HTMLInputElement).setSelectionRange(where.start, where.end);
        } catch {
          // Not a text input: focus alone is where the user was.
        }
      }
    }, 0);
  };

  const dialog = (
    <>
      <RouterBlocker isDirty={() => !bypass.current && dirtyRef.current()} ownPath={ownPath} onBlocked={ask} />
      <Modal
        open={pending !== null}
        title="Leave without saving?"
        onCancel={() => answer(false)}
        closable={false}
        mask={{ closable: false }}
        // Stay puts the focus back in the field the user was typing in, not on the button that led out.
        focusable={{ focusTriggerAfterClose: false }}
        footer={[
          <Button key="stay" type="primary" autoFocus onClick={() => answer(false)}>
            Stay
          </Button>,
          <Button key="leave" className="cf-leave-button" onClick={() => answer(true)}>
            Leave
          </Button>,
        ]}
      >
        This case has unsaved changes. They stay in this browser and are offered again when you reopen the case.
      </Modal>
    </>
  );

  return { leave, allowNext, dialog };
}

/**
 * In a data router, react-router's own blocker holds every move the router makes (links and
 * the back button inside the module) before it happens. Under a plain HashRouter there is no
 * blocker; the module's own moves are asked by `leave` and the others by single-spa's event.
 */
function RouterBlocker(props: { isDirty: () => boolean; ownPath: string; onBlocked: (proceed: () => void, stay: () => void) => void }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <DataRouterBlocker {...props} /> : null;
}

function DataRouterBlocker({ isDirty, ownPath, onBlocked }: { isDirty: () => boolean; ownPath: string; onBlocked: (proceed: () => void, stay: () => void) => void }) {
  const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname !== ownPath && isDirty());
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // The router stays where it is until the answer: proceed goes on, reset stays.
    onBlocked(() => blocker.proceed(), () => blocker.reset());
  }, [blocker, onBlocked]);
  return null;
}
