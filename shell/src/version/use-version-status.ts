import { useCheckUpdateQuery } from '@pnss/web';
import { isUpdateAvailable } from './compare-versions.js';

export interface VersionStatus {
  currVersion: string | null;
  siteVersion: string | null;
  updateUrl: string | null;
  updateAvailable: boolean;
}

/** GET /api/checkupdate, once per sign-in: the running version and whether a newer one exists. */
export function useVersionStatus(): VersionStatus {
  const { data } = useCheckUpdateQuery();
  return {
    currVersion: data?.currVersion ?? null,
    siteVersion: data?.siteVersion ?? null,
    updateUrl: data?.updateUrl ?? null,
    updateAvailable: isUpdateAvailable(data?.currVersion, data?.siteVersion),
  };
}
