import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/** SPEC.md §5: typed dates are read as MM/DD/YYYY, M/D/YYYY or MMM D YYYY. */
export const DATE_INPUT_FORMATS = ['MM/DD/YYYY', 'M/D/YYYY', 'MMM D YYYY'] as const;
/** SPEC.md §9: the default date format. */
export const DATE_DISPLAY_FORMAT = 'MM/DD/YYYY';

/** A typed date, or null when it matches none of the formats (the input then clears). */
export function parseDateInput(text: string | null | undefined): Dayjs | null {
  const trimmed = (text ?? '').trim().replace(/\s+/g, ' ');
  if (!trimmed) return null;
  for (const format of DATE_INPUT_FORMATS) {
    const parsed = dayjs(trimmed, format, true);
    if (parsed.isValid()) return parsed;
  }
  return null;
}
