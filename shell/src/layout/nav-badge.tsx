import { useEffect, useRef } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import type { RemoteNavBadge } from '@pnss/libs/api';
import { countOf } from '@pnss/libs/format';
import { api, hasSession, selectSignedIn, useAppSelector, type RootState } from '@pnss/web';

/**
 * The count a navigation item names in remotes.json (`badge`), fetched by the shell with the
 * signed-in user's token; the shell knows only the item's URL and key, never the feature behind it.
 */
const navBadgeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNavCount: build.query<unknown, string>({ query: (url) => url }),
  }),
});

/** When the page's last change through the shared API went through: a new one makes the counts stale. */
const selectLastChange = createSelector(
  (state: RootState) => state[api.reducerPath].mutations,
  (mutations) => Object.values(mutations ?? {}).reduce((last, entry) => Math.max(last, entry?.fulfilledTimeStamp ?? 0), 0),
);

/** The number at `key` of an answer, or null when there is none. */
export function countIn(answer: unknown, key: string): number | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const value = (answer as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

interface NavBadgeProps {
  badge: RemoteNavBadge;
  /** The current hash: each navigation reads the count again. */
  hash: string;
}

/**
 * The count beside a navigation label, read again on each navigation, when the window regains focus
 * and after a change the page makes. Nothing shows while it is unknown, refused or 0. The number is
 * drawn for the eye; screen readers hear it with its nouns ('3 cases waiting') as part of the link.
 */
export function NavBadge({ badge, hash }: NavBadgeProps) {
  // Only for a signed-in user: the sign-out is itself a change, and a count asked for after it would be refused (401).
  const signedIn = useAppSelector(selectSignedIn);
  const { currentData, refetch, isUninitialized } = navBadgeApi.useGetNavCountQuery(badge.url, { skip: !signedIn });
  const lastChange = useAppSelector(selectLastChange);
  // RTK Query refuses to refetch a query it has not started: read it again only once it has.
  const refresh = useRef(() => {});
  refresh.current = () => {
    if (signedIn && hasSession() && !isUninitialized) void refetch();
  };

  useEffect(() => refresh.current(), [hash, lastChange]);

  useEffect(() => {
    const onFocus = () => refresh.current();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  const count = countIn(currentData, badge.count);
  if (!count) return null;
  return (
    <>
      <span className="pnss-nav-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="pnss-sr-only">, {countOf(count, badge.singular, badge.plural)}</span>
    </>
  );
}
