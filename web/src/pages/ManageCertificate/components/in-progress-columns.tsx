import { Flex, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { RowButton, childOnly, rowName } from './CertificateTable';
import type { CertTableRow } from './certificate-rows';

/** The In-Progress tab's own columns: validated (with View when previews are allowed) and photo. */
export function inProgressColumns(options: {
  canSee: boolean;
  onView: (row: CertTableRow) => void;
  onPhoto: (row: CertTableRow) => void;
}): TableColumnsType<CertTableRow> {
  return [
    {
      title: 'Validated',
      key: 'validated',
      width: 110,
      render: childOnly((row) => (
        <Flex align="center" gap={6}>
          <Typography.Text type={row.is_validated === 1 ? 'success' : 'secondary'}>
            {row.is_validated === 1 ? 'Yes' : 'No'}
          </Typography.Text>
          {options.canSee && (
            <RowButton label={`View certificate of ${rowName(row)}`} onClick={() => options.onView(row)}>
              View
            </RowButton>
          )}
        </Flex>
      )),
    },
    {
      title: 'Photo',
      key: 'photo',
      width: 80,
      render: childOnly((row) =>
        row.field10 === 'Yes' ? (
          <RowButton label={`Preview photo of ${rowName(row)}`} onClick={() => options.onPhoto(row)}>
            Yes
          </RowButton>
        ) : (
          <Typography.Text type="secondary">No</Typography.Text>
        ),
      ),
    },
  ];
}
