import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ImageData,
  ProfileData,
  StorageRequest,
  UpdateProfileRequest,
} from '@proofmark/shared/api/profile';
import { api } from '../../../../api/client';
import type { Answer } from '../../../../api/envelope';
import { queryKeys } from '../../../../auth/queryKeys';
import { useOrgScope } from '../../../../auth/useOrgScope';

export type ImageSlot = 'logo' | 'signature';

/** Cache key of the settings profile, under the organisation so nothing leaks across organisations. */
export const profileKey = (org: string) => [...queryKeys.org(org), 'profile'] as const;

/** The settings screen's calls (shared/src/api/profile.ts, functions/src/http/profile.ts). */
export const profileApi = {
  get: () => api.get<Answer<ProfileData>>('/api/profile'),
  /** One block per call, told apart by `key`; answers the new profile. */
  save: (block: UpdateProfileRequest) => api.post<Answer<ProfileData>>('/api/profile', block),
  /** The image as a data: URL (the server checks its bytes, not its name). */
  upload: (slot: ImageSlot, dataUrl: string) =>
    api.post<Answer<ImageData>>(`/api/profile/${slot}`, { value: dataUrl }),
  testStorage: (block: StorageRequest | Record<string, never>) =>
    api.post<Answer<null>>('/api/profile/test-storage', block),
  testMail: (to: string) => api.post<Answer<null>>('/api/profile/test-mail', to ? { to } : {}),
  office365Token: () =>
    api.post<Answer<{ accesstoken: ProfileData['office365']['accesstoken']; tokenexpiresat: string | null }>>(
      '/api/profile/office365-token',
    ),
};

export function useProfile() {
  const org = useOrgScope();
  return useQuery({ queryKey: profileKey(org), queryFn: profileApi.get, select: (answer) => answer.Data });
}

/**
 * Saves one block; the answer's profile goes straight into the cache, then the cache is refreshed
 * in the background. The refresh is not returned: TanStack keeps a mutation pending until its
 * onSuccess settles, so a returned refetch kept Save loading for a second round trip after the
 * save had answered (as long as any GET /api/profile took).
 */
export function useSaveBlock() {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.save,
    onSuccess: (answer) => {
      if (answer?.Data) queryClient.setQueryData(profileKey(org), answer);
      void queryClient.invalidateQueries({ queryKey: profileKey(org) });
    },
  });
}

export function useUploadImage(slot: ImageSlot) {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataUrl: string) => profileApi.upload(slot, dataUrl),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey(org) }),
  });
}

export function useOffice365Token() {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.office365Token,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey(org) }),
  });
}
