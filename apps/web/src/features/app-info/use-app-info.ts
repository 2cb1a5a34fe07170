import type { AppInfo } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';

/** Facts about this deployment (version, demo mode); they change only with a redeploy. */
export function useAppInfo() {
  return useQuery({
    queryKey: ['app-info'],
    queryFn: ({ signal }) => apiGet<AppInfo>('/app/info', { signal }),
    staleTime: Infinity,
    retry: false,
  });
}
