import { Flex } from 'antd';
import type { Dayjs } from 'dayjs';
import { DateInput } from '@pnss/web';
import { fromIsoDate, toIsoDate } from '../format/display.js';

interface DateRangeFilterProps {
  from: string | null;
  to: string | null;
  onChange: (range: { fromdate: string | null; todate: string | null }) => void;
}

/** From and to admission dates ('YYYY-MM-DD'); typed dates follow SPEC.md §5 and an invalid one clears. */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const fromDay = fromIsoDate(from);
  const toDay = fromIsoDate(to);
  return (
    <Flex gap={8} style={{ flex: '1 1 260px', minWidth: 0 }}>
      <DateInput
        aria-label="From date"
        placeholder="From date"
        value={fromDay}
        disabledDate={(day: Dayjs) => Boolean(toDay && day.isAfter(toDay, 'day'))}
        onChange={(day) => onChange({ fromdate: toIsoDate(day), todate: to })}
        style={{ flex: 1, minWidth: 0 }}
      />
      <DateInput
        aria-label="To date"
        placeholder="To date"
        value={toDay}
        disabledDate={(day: Dayjs) => Boolean(fromDay && day.isBefore(fromDay, 'day'))}
        onChange={(day) => onChange({ fromdate: from, todate: toIsoDate(day) })}
        style={{ flex: 1, minWidth: 0 }}
      />
    </Flex>
  );
}
