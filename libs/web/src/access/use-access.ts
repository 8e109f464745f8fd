import { useMemo } from 'react';
import { accessFlags, type AccessFlags } from '@pnss/libs/permissions';
import { useAppSelector } from '../store/hooks.js';
import { selectPermissions } from '../session/session.slice.js';

/** What the signed-in user may see and do, recomputed when the session check brings new permissions. */
export function useAccess(): AccessFlags {
  const permissions = useAppSelector(selectPermissions);
  return useMemo(() => accessFlags(permissions), [permissions]);
}
