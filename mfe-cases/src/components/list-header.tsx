import type { ReactNode } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { formatCount } from '@pnss/libs/format';

interface ListHeaderProps {
  id: string;
  title: string;
  count: number | undefined;
  /** The count is a cap: more match than it says (a search matching more than SEARCH_COUNT_CAP). */
  more?: boolean;
  noun: string;
  actions?: ReactNode;
}

/** A list's title with its count (SPEC.md §2 "Title Patients with count") and its Add action. */
export function ListHeader({ id, title, count, more = false, noun, actions }: ListHeaderProps) {
  const shown = count === undefined ? '' : more ? `More than ${formatCount(count)}` : formatCount(count);
  return (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 12 }}>
      <Flex align="center" gap={8}>
        <Typography.Title level={2} id={id} className="pnss-cases-title">
          {title}
        </Typography.Title>
        {count === undefined ? null : (
          <Tag color="magenta" data-testid={`${id}-count`} aria-label={`${shown} ${noun}`} style={{ fontSize: 14, paddingInline: 10 }}>
            {shown}
          </Tag>
        )}
      </Flex>
      {actions}
    </Flex>
  );
}
