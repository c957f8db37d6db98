import { Button, Flex, Select, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@proofmark/shared/recipients/rules';
import { pagerItems } from './pager-items';

interface PagerProps {
  /** 0-based. */
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** §9 pager: page-size select (20–250, default 30), 2 margin pages and 3 in range, previous/next. */
export function Pager({ page, pages, total, pageSize, onPage, onPageSize }: PagerProps) {
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <Flex justify="space-between" align="center" wrap gap={12}>
      <Flex align="center" gap={10}>
        <Typography.Text type="secondary">Rows per page</Typography.Text>
        <Select
          aria-label="Page size"
          size="small"
          value={pageSize}
          style={{ width: 80 }}
          options={PAGE_SIZES.map((size) => ({ label: String(size), value: size }))}
          onChange={(size: number) => onPageSize(size)}
        />
        <Typography.Text type="secondary">
          {total === 0 ? 'No recipients' : `${from}–${to} of ${total}`}
        </Typography.Text>
      </Flex>
      <nav aria-label="Pages">
        <Flex gap={4} align="center">
          <Button
            size="small"
            type="text"
            icon={<LeftOutlined />}
            aria-label="Previous page"
            disabled={page <= 0}
            onClick={() => onPage(page - 1)}
          />
          {pagerItems(page, pages).map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                size="small"
                type={item === page ? 'primary' : 'text'}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item + 1}`}
                onClick={() => onPage(item)}
                style={{ minWidth: 28 }}
              >
                {item + 1}
              </Button>
            ) : (
              <Typography.Text key={item} type="secondary" style={{ paddingInline: 4 }}>
                …
              </Typography.Text>
            ),
          )}
          <Button
            size="small"
            type="text"
            icon={<RightOutlined />}
            aria-label="Next page"
            disabled={page >= pages - 1}
            onClick={() => onPage(page + 1)}
          />
        </Flex>
      </nav>
    </Flex>
  );
}
