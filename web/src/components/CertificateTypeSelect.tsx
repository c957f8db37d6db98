import { Select, Typography } from 'antd';
import { certificateTypes } from '@proofmark/shared/certificate-types';
import type { CertificateType } from '@proofmark/shared/certificate-types';

interface CertificateTypeSelectProps {
  /** The select's id, which its visible label points to. */
  id: string;
  'aria-label'?: string;
  value: CertificateType;
  onChange: (value: CertificateType) => void;
}

/** The labelled certificate-type picker of the recipient and certificate screens. */
export function CertificateTypeSelect({ id, value, onChange, ...aria }: CertificateTypeSelectProps) {
  return (
    <>
      <label htmlFor={id}>
        <Typography.Text type="secondary">Certificate type</Typography.Text>
      </label>
      <Select
        id={id}
        {...aria}
        style={{ width: 220 }}
        value={value}
        options={certificateTypes.map((t) => ({ label: t.label, value: t.value }))}
        onChange={onChange}
      />
    </>
  );
}
