import { useEffect, useState } from 'react';

/** SPEC.md §9 breakpoints: mobile up to 767 px, tablet 768-1023 px, desktop 1024 px and up. */
export type Screen = 'mobile' | 'tablet' | 'desktop';

export const DESKTOP_QUERY = '(min-width: 1024px)';
export const TABLET_QUERY = '(min-width: 768px)';

function current(): Screen {
  if (typeof window === 'undefined' || !window.matchMedia) return 'desktop';
  if (window.matchMedia(DESKTOP_QUERY).matches) return 'desktop';
  return window.matchMedia(TABLET_QUERY).matches ? 'tablet' : 'mobile';
}

/** The breakpoint the window is at, updated as it is resized. */
export function useScreen(): Screen {
  const [screen, setScreen] = useState<Screen>(current);
  useEffect(() => {
    if (!window.matchMedia) return undefined;
    const queries = [window.matchMedia(DESKTOP_QUERY), window.matchMedia(TABLET_QUERY)];
    const update = () => setScreen(current());
    queries.forEach((query) => query.addEventListener('change', update));
    return () => queries.forEach((query) => query.removeEventListener('change', update));
  }, []);
  return screen;
}
