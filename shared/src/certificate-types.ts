/** Certificate types (spec: certificate-operations §1): label and value. The default is degree. */
export const certificateTypes = [
  { label: 'Degree', value: 'degree' },
  { label: 'Migration', value: 'migration' },
  { label: 'Transfer', value: 'transfer' },
  { label: 'Awards', value: 'awards' },
  { label: 'Relieving', value: 'relieving' },
  { label: 'Bonafide', value: 'bonafide' },
  { label: 'Medal', value: 'medal' },
  { label: 'Transcript', value: 'transcript' },
  { label: 'Semester-wise Grade card', value: 'semesterwisegradecard' },
  { label: 'OpenBadges', value: 'openbadges' },
  { label: 'OR', value: 'or' },
] as const;
export type CertificateType = (typeof certificateTypes)[number]['value'];
export const certificateTypeValues = certificateTypes.map((t) => t.value) as [
  CertificateType,
  ...CertificateType[],
];
export const DEFAULT_CERTIFICATE_TYPE: CertificateType = 'degree';
