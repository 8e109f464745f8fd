import { DatePicker, type DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_DISPLAY_FORMAT, DATE_INPUT_FORMATS, parseDateInput } from './parse-date-input.js';

export type DateInputProps = Omit<DatePickerProps, 'format' | 'value' | 'onChange'> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
};

/**
 * A date field that accepts the typed formats of SPEC.md §5 and clears itself when what was
 * typed is not a date, instead of silently keeping the previous value.
 */
export function DateInput({ value, onChange, onBlur, ...rest }: DateInputProps) {
  const handleBlur: DatePickerProps['onBlur'] = (event, info) => {
    const typed = event.target instanceof HTMLInputElement ? event.target.value : '';
    if (typed.trim() && !parseDateInput(typed)) onChange?.(null);
    onBlur?.(event, info);
  };
  return (
    <DatePicker
      // Hovering a day in the popup would write that day into the input while the user types,
      // garbling the typed date (11/17/2026 became 12/01/2026/17/2026): typing must win.
      previewValue={false}
      {...rest}
      value={value ?? null}
      format={[DATE_DISPLAY_FORMAT, ...DATE_INPUT_FORMATS.slice(1)]}
      onChange={(next) => onChange?.(Array.isArray(next) ? (next[0] ?? null) : (next ?? null))}
      onBlur={handleBlur}
    />
  );
}
