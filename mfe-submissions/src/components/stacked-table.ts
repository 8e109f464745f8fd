import type { TdHTMLAttributes } from 'react';
import type { ColumnType } from 'antd/es/table';

/**
 * The class of a table that, up to 1023 px (SPEC.md §9 tablet and mobile), shows each row as a card
 * of 'heading: value' lines instead of columns behind a sideways scroll, so every column and every
 * button of a row stays in view (submissions-styles.tsx).
 */
export const STACKED_TABLE_CLASS = 'pnss-stacked-table';

/** A column whose cells carry its heading, shown beside the value when the table is stacked; '' shows none (a row's buttons). */
export function stacked<T>(label: string, column: ColumnType<T>): ColumnType<T> {
  return { ...column, onCell: () => ({ 'data-label': label }) as TdHTMLAttributes<HTMLElement> };
}
