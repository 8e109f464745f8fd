import type { LookupEntry } from '../lookups/lookup-entry.js';

/** One item of GET /api/categories. */
export interface CategoryListItem {
  key: string;
  label: string;
}

/** Reply of GET /api/categories/:category. */
export type CategoryEntries = LookupEntry[];
