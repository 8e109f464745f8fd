import { memo, useMemo } from 'react';
import { findLookupEntry, type LookupEntry } from '@pnss/libs/lookups';
import { LookupField } from './case-fields.js';
import { useFieldBinding } from './field-binding.js';

/**
 * A choice among the children of the entry chosen in another field (antecedent type under its
 * group, a specific cause under its type). With no parent chosen there is nothing to offer yet.
 */
export const ChildLookupField = memo(function ChildLookupField({
  path, parentPath, entries, label, hint,
}: { path: string; parentPath: string; entries: readonly LookupEntry[]; label?: string; hint?: string }) {
  const { value: parent } = useFieldBinding(parentPath);
  const children = useMemo(() => findLookupEntry(entries, parent)?.conditions ?? [], [entries, parent]);
  return <LookupField path={path} label={label} hint={parent == null ? (hint ?? 'Choose the group first') : hint} entries={children} />;
});
