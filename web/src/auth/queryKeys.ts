/**
 * Query keys, each starting with the organisation (orgScope) so that no answer cached for one
 * organisation is ever served to another; the whole cache is also cleared on logout.
 */
export const queryKeys = {
  org: (org: string) => ['org', org] as const,
  me: (org: string, userId: string) => ['org', org, 'me', userId] as const,
  team: (org: string) => ['org', org, 'team'] as const,
};
