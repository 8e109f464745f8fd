import { Flex } from 'antd';
import type { Dayjs } from 'dayjs';
import { DateInput } from '@pnss/web';
import { fromIsoDate, toIsoDate } from '../format/display.js';

interface DateRangeFilterProps {
  from: string | null;
  to: string | null;
  onChange: (range: { fromdate: string | null; todate: string | null }) => void;
}

/**
 * From and to admission dates ('YYYY-MM-DD'): the lists filter by the admission date, and the
 * inputs say so. Typed dates follow SPEC.md §5 and an invalid one clears.
 */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const fromDay = fromIsoDate(from);
  const toDay = fromIsoDate(to);
  return (
    <Flex gap={8} style={{ flex: '1 1 260px', minWidth: 0 }}>
      <DateInput
        aria-label="Admitted from"
        placeholder="Admitted from"
        title="Admission date from"
        value={fromDay}
        disabledDate={(day: Dayjs) => Boolean(toDay && day.isAfter(toDay, 'day'))}
        onChange={(day) => onChange({ fromdate: toIsoDate(day), todate: to })}
        style={{ flex: 1, minWidth: 0 }}
      />
      <DateInput
        aria-label="Admitted to"
        placeholder="Admitted to"
        title="Admission date to"
        value={toDay}
        disabledDate={(day: Dayjs) => Boolean(fromDay && day.isBefore(fromDay, 'day'))}
        onChange={(day) => onChange({ fromdate: from, todate: toIsoDate(day) })}
        style={{ flex: 1, minWidth: 0 }}
      />
    </Flex>
  );
}
