import { useQuery } from '@tanstack/react-query';
import { publicApi } from './public';

/**
 * The plan catalogue (GET /api/plans, public): /Plans and the landing page's pricing both read it,
 * so no price is written into the SPA.
 */
export const usePlans = () =>
  useQuery({
    queryKey: ['plans'],
    queryFn: () => publicApi('GET /api/plans', {}),
    select: (data) => data.plans,
    staleTime: 5 * 60_000,
  });
