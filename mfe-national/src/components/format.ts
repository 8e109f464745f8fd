import dayjs from 'dayjs';
import { DATE_DISPLAY_FORMAT } from '@pnss/web';

/** A time as MM/DD/YYYY HH:mm (SPEC.md §9); a dash when missing. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format(`${DATE_DISPLAY_FORMAT} HH:mm`) : '-';
}
