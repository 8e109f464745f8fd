import { createContext, useContext } from 'react';

/** The fields of the open case with a query not closed (issue 31): each shows a marker beside its label. */
export const QueriedFieldsContext = createContext<ReadonlySet<string>>(new Set());

export function useIsQueried(path: string): boolean {
  return useContext(QueriedFieldsContext).has(path);
}
