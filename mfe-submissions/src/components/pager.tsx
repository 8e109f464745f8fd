import { Button, Space, Typography } from 'antd';
import { PAGE_SIZE } from '@pnss/libs/api';
import { pageRange } from './format.js';

interface PagerProps {
  offset: number;
  shown: number;
  total: number;
  onChange: (offset: number) => void;
  /** What is paged, for the buttons' names. */
  label: string;
}

/** SPEC.md §2, §4: Back and Next with 'n of total'; Back is disabled at offset 0, Next on the last page. */
export function Pager({ offset, shown, total, onChange, label }: PagerProps) {
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
  return (
    <Space className="pnss-pager" aria-label={`${label} pages`} role="group" style={{ justifyContent: 'flex-end', width: '100%' }}>
      <Button onClick={() => onChange(offset - 1)} disabled={offset <= 0}>
        Back
      </Button>
      <Typography.Text aria-live="polite">{pageRange(offset, shown, total)}</Typography.Text>
      <Button onClick={() => onChange(offset + 1)} disabled={offset >= lastPage}>
        Next
      </Button>
    </Space>
  );
}
