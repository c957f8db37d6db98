import { useState } from 'react';
import { Alert, App, Button, Checkbox, Empty, Flex, List, Modal, Select, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { SEMESTERS, YEARS } from '@proofmark/shared/recipients/rules';
import { useOrgScope } from '../../../auth/useOrgScope';
import { recipientsApi } from '../../../api/recipients';
import { failureText } from './notices';
import { recipientKeys } from '../../../api/recipients';

interface ProgrammeImportModalProps {
  open: boolean;
  certtype: CertificateType;
  onClose: () => void;
  onImported: () => void;
}

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/**
 * §2.2 'Please select programme': levels and paid, a multi-select of batches, the paid items,
 * an optional semester (1–10) or year (1–6), and Import after an 'Are you sure?' confirm.
 */
export function ProgrammeImportModal({ open, certtype, onClose, onImported }: ProgrammeImportModalProps) {
  const { message, modal } = App.useApp();
  const org = useOrgScope();
  const [undergraduate, setUndergraduate] = useState(false);
  const [postgraduate, setPostgraduate] = useState(false);
  const [paid, setPaid] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [semester, setSemester] = useState<number>();
  const [year, setYear] = useState<number>();
  const levelChosen = undergraduate || postgraduate;

  const q = { undergraduate: flag(undergraduate), postgraduate: flag(postgraduate), paid: flag(paid), mode: 3 as const };
  const programmes = useQuery({
    queryKey: [...recipientKeys.all(org), 'programmes', q],
    queryFn: () => recipientsApi.programmes(q),
    select: (answer) => answer.data,
    enabled: open && levelChosen,
  });
  const batches = programmes.data?.batchdata ?? [];

  const importing = useMutation({
    mutationFn: () =>
      recipientsApi.importProgrammes({
        undergraduate: q.undergraduate,
        postgraduate: q.postgraduate,
        paid: q.paid,
        selected,
        certtype,
        ...(semester !== undefined ? { semester } : {}),
        ...(year !== undefined ? { year } : {}),
      }),
    onSuccess: (answer) => {
      void message.success(answer.message || m.success);
      setSelected([]);
      onImported();
      onClose();
    },
    onError: (error) => void message.error(failureText(error, 'Error')),
  });

  const confirmImport = () => {
    if (!levelChosen) {
      void message.warning(m.chooseLevel);
      return;
    }
    if (selected.length === 0) {
      void message.warning(m.noProgrammeSelected);
      return;
    }
    modal.confirm({ title: 'Are you sure?', okText: 'Import', onOk: () => importing.mutateAsync() });
  };

  return (
    <Modal
      open={open}
      title="Please select programme"
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="import" type="primary" loading={importing.isPending} onClick={confirmImport}>
          Import
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Flex gap={16} wrap>
          <Checkbox checked={undergraduate} onChange={(e) => setUndergraduate(e.target.checked)}>
            Undergraduate
          </Checkbox>
          <Checkbox checked={postgraduate} onChange={(e) => setPostgraduate(e.target.checked)}>
            Postgraduate
          </Checkbox>
          <Checkbox checked={paid} onChange={(e) => setPaid(e.target.checked)}>
            Paid
          </Checkbox>
        </Flex>
        {!levelChosen && <Alert type="info" showIcon title={m.chooseLevel} />}
        <Flex gap={12} wrap>
          <Select
            aria-label="Semester"
            placeholder="Semester (optional)"
            allowClear
            style={{ width: 190 }}
            value={semester}
            onChange={(v: number | undefined) => {
              setSemester(v);
              if (v !== undefined) setYear(undefined);
            }}
            options={SEMESTERS.map((s) => ({ label: `Semester ${s}`, value: s }))}
          />
          <Select
            aria-label="Year"
            placeholder="Year (optional)"
            allowClear
            style={{ width: 170 }}
            value={year}
            onChange={(v: number | undefined) => {
              setYear(v);
              if (v !== undefined) setSemester(undefined);
            }}
            options={YEARS.map((y) => ({ label: `Year ${y}`, value: y }))}
          />
        </Flex>
        <Select
          mode="multiple"
          aria-label="Batches"
          placeholder={levelChosen ? 'Select batches' : 'Choose a level first'}
          disabled={!levelChosen}
          loading={programmes.isFetching}
          value={selected}
          onChange={(v: string[]) => setSelected(v)}
          options={batches.map((b) => ({ label: `${b.label} (${b.students})`, value: b.id }))}
          style={{ width: '100%' }}
        />
        {programmes.isError && <Alert type="warning" showIcon title={failureText(programmes.error, 'failed')} />}
        <div>
          <Typography.Text strong>Paid items</Typography.Text>
          {(programmes.data?.paiddata.length ?? 0) === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No paid items" />
          ) : (
            <List
              size="small"
              bordered
              style={{ marginTop: 8, maxHeight: 180, overflow: 'auto' }}
              dataSource={programmes.data?.paiddata ?? []}
              renderItem={(item) => (
                <List.Item>
                  {item.label}
                  <Typography.Text type="secondary">{item.batchId}</Typography.Text>
                </List.Item>
              )}
            />
          )}
        </div>
      </Flex>
    </Modal>
  );
}
