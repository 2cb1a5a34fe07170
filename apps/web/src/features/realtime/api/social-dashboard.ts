import type { DashboardResponse } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { authGet } from '../../../lib/auth/auth-api.ts';

/**
 * The social panel's data (spec: site-account-and-realtime §3 "Dashboard data", §4 "The social panel data is
 * fetched on mount and every 30 seconds while logged in", §7 GET /stats/auth/dashboard).
 */

/** Spec §9 "Dashboard refresh 30 s". */
export const DASHBOARD_REFRESH_MS = 30_000;

/** Spec §8. */
export const DASHBOARD_FAILED_MESSAGE = 'Failed to fetch dashboard data. Please try again.';

/** Keyed by the user, so another account signing in on this page never sees the previous one's buddies. */
export const socialDashboardQueryKey = (userId: number | null) => ['auth', 'dashboard', userId] as const;

/**
 * The dashboard page's profile (features/dashboard/api/account.ts `profileQueryKey`, ['auth', 'profile', userId]):
 * a hub message changes what it shows too. Features do not import each other, so the key's shared start is named
 * here and react-query matches it as a prefix.
 */
export const PROFILE_QUERY_PREFIX = ['auth', 'profile'] as const;
export const SOCIAL_DASHBOARD_QUERY_PREFIX = ['auth', 'dashboard'] as const;

export function useSocialDashboard(enabled: boolean, userId: number | null) {
  return useQuery({
    queryKey: socialDashboardQueryKey(userId),
    queryFn: async ({ signal }) => {
      try {
        return await authGet<DashboardResponse>('/auth/dashboard', { signal });
      } catch (error) {
        // Spec §8 'Failed to get dashboard data' (logged); a request called off (the panel went away) is no failure.
        if (!signal.aborted) console.error('Failed to get dashboard data', error);
        throw error;
      }
    },
    enabled,
    refetchInterval: DASHBOARD_REFRESH_MS,
    // The panel's figures are live: a panel opened after a while shows the last answer while a new one comes.
    staleTime: 0,
  });
}
