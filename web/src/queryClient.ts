import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';

/**
 * One cache for the app. Client errors (4xx) are answers, not glitches, so retrying them only
 * delays the message the user needs; network and server errors get two more tries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failures < 2;
        },
      },
    },
  });
}

/** The app's cache, shared by the entry's first module (firstScreen.ts) and the app. */
export const appQueryClient = createQueryClient();
