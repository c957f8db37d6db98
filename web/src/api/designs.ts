import { useQuery } from '@tanstack/react-query';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { SaveDesignRequest } from '@proofmark/shared/contract/designs';
import type { Design } from '@proofmark/shared/designs/model';
import { queryKeys } from '../auth/queryKeys';
import { useOrgScope } from '../auth/useOrgScope';
import { answer } from './client';

/** The certificate designer's calls (shared/src/contract/designs.ts) and their query hooks. */
export const designsApi = {
  gallery: (certtype: CertificateType, signal?: AbortSignal) =>
    answer('GET /api/designs/gallery', { query: { certtype } }, { signal }),
  current: (cohort: string, certtype: CertificateType, signal?: AbortSignal) =>
    answer('GET /api/designs', { query: { cohort, certtype } }, { signal }),
  save: (body: SaveDesignRequest) => answer('POST /api/designs', { body }),
  preview: (body: { cohort: string; certtype: CertificateType; design: Design }) =>
    answer('POST /api/designs/preview', { body }),
  /** The image as a data: URL (`{ value }`); answers its asset id and a URL to show it. */
  uploadImage: (value: string) => answer('POST /api/designs/images', { body: { value } }),
};

export const designKeys = {
  all: (org: string) => [...queryKeys.org(org), 'designs'] as const,
  gallery: (org: string, certtype: string) => [...designKeys.all(org), 'gallery', certtype] as const,
  current: (org: string, cohort: string, certtype: string) =>
    [...designKeys.all(org), 'current', cohort, certtype] as const,
};

export function useGallery(certtype: CertificateType) {
  const org = useOrgScope();
  return useQuery({
    queryKey: designKeys.gallery(org, certtype),
    queryFn: ({ signal }) => designsApi.gallery(certtype, signal),
    select: (a) => a.data.designs,
    staleTime: 5 * 60_000,
  });
}

export function useCurrentDesign(cohort: string, certtype: CertificateType, enabled: boolean) {
  const org = useOrgScope();
  return useQuery({
    queryKey: designKeys.current(org, cohort, certtype),
    queryFn: ({ signal }) => designsApi.current(cohort, certtype, signal),
    select: (a) => a.data,
    enabled,
  });
}
