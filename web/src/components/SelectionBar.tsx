import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** The tinted bar above a tree list: what is selected on the left, the actions on it on the right. */
export function SelectionBar({ children }: { children: ReactNode }) {
  return (
    <Flex
      justify="space-between"
      align="center"
      wrap
      gap={12}
      style={{ padding: '10px 12px', background: 'rgba(31,78,216,.04)', borderRadius: 8 }}
    >
      {children}
    </Flex>
  );
}

/**
 * How many recipients are checked (cohort rows, `cohort=`, are not counted), announced politely;
 * the hint when none is.
 */
export function SelectionCount({ selected, hint }: { selected: ReadonlySet<string>; hint: string }) {
  const count = [...selected].filter((id) => !id.endsWith('=')).length;
  return (
    <Typography.Text type="secondary" aria-live="polite">
      {count === 0 ? hint : `${count} selected`}
    </Typography.Text>
  );
}
