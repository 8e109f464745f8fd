import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAppDispatch } from '@pnss/web';
import { listScrollSaved, type ListName } from '../state/list-state.slice.js';

/**
 * SPEC.md §2: a list keeps its scroll position when the user comes back to it. The position is
 * followed while the list is shown (read at unmount, the page may already have shrunk) and
 * restored once the list has rows again.
 */
export function useRememberedScroll(list: ListName, savedY: number, ready: boolean): void {
  const dispatch = useAppDispatch();
  const position = useRef(savedY);
  const restored = useRef(false);

  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    if (savedY > 0) window.scrollTo(0, savedY);
    // Only the first time the rows are there: later positions come from this screen itself.
  }, [ready, savedY]);

  useEffect(() => {
    const onScroll = () => {
      position.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      dispatch(listScrollSaved({ list, scrollY: position.current }));
    };
  }, [dispatch, list]);
}
