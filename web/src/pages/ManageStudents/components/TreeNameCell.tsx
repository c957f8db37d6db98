import { Flex, Tag, Typography } from 'antd';
import { fullName } from './recipient-rows';

/** What the Name column reads of a row of a cohort tree (recipients or certificates). */
interface TreeRow {
  is_child: 0 | 1;
  cohortid: string;
  studentid: string;
  field1: string;
  field2: string;
  field3: string;
  children?: readonly unknown[];
}

/**
 * The Name cell of a cohort tree: a cohort row shows its name and how many recipients this page
 * holds; a recipient row its name over its student id.
 */
export function TreeNameCell({ row, wrap = false }: { row: TreeRow; wrap?: boolean }) {
  return row.is_child === 0 ? (
    <Flex align="center" gap={8} wrap={wrap}>
      <Typography.Text strong>{row.cohortid}</Typography.Text>
      <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
        {row.children?.length ?? 0} on this page
      </Tag>
    </Flex>
  ) : (
    <Flex vertical>
      <Typography.Text>{fullName(row) || '—'}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.studentid}
      </Typography.Text>
    </Flex>
  );
}
