import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileData, StorageRequest, UpdateProfileRequest } from '@proofmark/shared/contract/profile';
import { queryKeys } from '../auth/queryKeys';
import { useOrgScope } from '../auth/useOrgScope';
import { answer } from './client';

export type ImageSlot = 'logo' | 'signature';

/** Cache key of the profile, under the organisation so nothing leaks across organisations. */
export const profileKey = (org: string) => [...queryKeys.org(org), 'profile'] as const;

/** The profile calls, typed from the contract (shared/src/contract/profile.ts). */
export const profileApi = {
  get: () => answer('GET /api/profile', {}),
  /** One block per call, told apart by `key`; answers the new profile. */
  save: (block: UpdateProfileRequest) => answer('POST /api/profile', { body: block }),
  /** The image as a data: URL (the server checks its bytes, not its name). */
  upload: async (slot: ImageSlot, dataUrl: string) =>
    slot === 'logo'
      ? await answer('POST /api/profile/logo', { body: { value: dataUrl } })
      : await answer('POST /api/profile/signature', { body: { value: dataUrl } }),
  testStorage: (block: StorageRequest | Record<string, never>) =>
    answer('POST /api/profile/test-storage', { body: block }),
  testMail: (to: string) => answer('POST /api/profile/test-mail', { body: to ? { to } : {} }),
  office365Token: () => answer('POST /api/profile/office365-token', {}),
};

/**
 * The organisation's profile, one cached answer for every screen; `select` picks what a screen
 * reads (the whole profile, the API-mode flag, the workspace's flags).
 */
const whole = (profile: ProfileData) => profile;

export function useProfile() {
  return useProfileSelect(whole);
}

/** The profile's query, the same for the screens and for the read started before they load. */
export const profileQuery = (org: string) => queryOptions({ queryKey: profileKey(org), queryFn: profileApi.get });

export function useProfileSelect<T>(select: (profile: ProfileData) => T, staleTime?: number) {
  const org = useOrgScope();
  return useQuery({
    ...profileQuery(org),
    select: (answer) => select(answer.data),
    // Only when given: an explicit `staleTime: undefined` replaces the client's default with 0, and
    // every screen (frame, page, tab) that mounts the profile then read it again.
    ...(staleTime === undefined ? {} : { staleTime }),
  });
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
      if (answer?.data) queryClient.setQueryData(profileKey(org), answer);
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
