import { downloadTypes, workspaceStatusFilters } from '@proofmark/shared/contract/workspace';
import { certificateTypeValues, DEFAULT_CERTIFICATE_TYPE } from '@proofmark/shared/certificate-types';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@proofmark/shared/recipients/rules';
import type { WorkspaceStatusFilter } from '../../../api/workspace';
import { oneOf, parseStoredRecord } from '../../../storedChoices';

/* The workspace choices remembered between visits (§9). */

export interface WorkspaceChoices {
  certtype: CertificateType;
  cohort: string;
  status: WorkspaceStatusFilter;
  pageSize: number;
  tab: 'inprogress' | 'issued';
  /** Paging per tab (§9 keeps page offsets). */
  page: number;
  pageIssued: number;
  downloadType: (typeof downloadTypes)[number];
}

export const defaultWorkspaceChoices: WorkspaceChoices = {
  certtype: DEFAULT_CERTIFICATE_TYPE,
  cohort: '',
  status: 'all',
  pageSize: DEFAULT_PAGE_SIZE,
  tab: 'inprogress',
  page: 0,
  pageIssued: 0,
  downloadType: 'individual',
};

const pageIndex = (x: unknown): number =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < 100_000 ? x : 0;

/** Choices read back from storage; anything missing or no longer valid falls back to its default. */
export function parseWorkspaceChoices(raw: string | null): WorkspaceChoices {
  const v = parseStoredRecord(raw);
  const d = defaultWorkspaceChoices;
  return {
    certtype: oneOf(v.certtype, certificateTypeValues, d.certtype),
    cohort: typeof v.cohort === 'string' && v.cohort.length <= 100 ? v.cohort : '',
    status: oneOf(v.status, workspaceStatusFilters, d.status),
    pageSize: oneOf(v.pageSize, PAGE_SIZES as readonly number[], d.pageSize),
    tab: oneOf(v.tab, ['inprogress', 'issued'] as const, d.tab),
    page: pageIndex(v.page),
    pageIssued: pageIndex(v.pageIssued),
    downloadType: oneOf(v.downloadType, downloadTypes, d.downloadType),
  };
}

/**
 * The choices a link names (`?certtype=&tab=&status=`, from My Certificates) over the remembered
 * ones: all cohorts, first pages; anything invalid keeps what was remembered.
 */
export function withLinkChoices(remembered: WorkspaceChoices, params: URLSearchParams): WorkspaceChoices {
  if (!params.has('certtype') && !params.has('tab') && !params.has('status')) return remembered;
  return {
    ...remembered,
    certtype: oneOf(params.get('certtype'), certificateTypeValues, remembered.certtype),
    tab: oneOf(params.get('tab'), ['inprogress', 'issued'] as const, remembered.tab),
    status: oneOf(params.get('status'), workspaceStatusFilters, remembered.status),
    cohort: '',
    page: 0,
    pageIssued: 0,
  };
}
