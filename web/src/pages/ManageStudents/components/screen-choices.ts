import { certificateTypeValues, DEFAULT_CERTIFICATE_TYPE } from '@proofmark/shared/certificate-types';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, statusFilterValues } from '@proofmark/shared/recipients/rules';
import type { StatusFilter } from '@proofmark/shared/recipients/rules';
import { oneOf, parseStoredRecord } from '../../../storedChoices';

/* The recipients screen's choices kept in local storage (§9: cohort, type, status and paging). */

export interface ScreenChoices {
  certtype: CertificateType;
  cohort: string;
  status: StatusFilter;
  pageSize: number;
}

export const defaultChoices: ScreenChoices = {
  certtype: DEFAULT_CERTIFICATE_TYPE,
  cohort: '',
  status: 'all',
  pageSize: DEFAULT_PAGE_SIZE,
};

/** Choices read back from storage; anything missing or no longer valid falls back to its default. */
export function parseChoices(raw: string | null): ScreenChoices {
  const v = parseStoredRecord(raw);
  return {
    certtype: oneOf(v.certtype, certificateTypeValues, defaultChoices.certtype),
    cohort: typeof v.cohort === 'string' && v.cohort.length <= 100 ? v.cohort : '',
    status: oneOf(v.status, statusFilterValues, defaultChoices.status),
    pageSize: oneOf(v.pageSize, PAGE_SIZES as readonly number[], defaultChoices.pageSize),
  };
}
