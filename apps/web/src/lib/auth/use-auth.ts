import { useSyncExternalStore } from 'react';
import {
  getAuthActivity,
  getAuthNotice,
  getAuthState,
  subscribeAuth,
  type AuthActivity,
  type AuthState,
} from './auth-store.ts';

/** The auth state for components: they render again whenever it changes (this tab or another). */
export const useAuthState = (): AuthState => useSyncExternalStore(subscribeAuth, getAuthState);
export const useSignedIn = (): boolean => useAuthState().isAuthenticated;
export const useAuthActivity = (): AuthActivity => useSyncExternalStore(subscribeAuth, getAuthActivity);
export const useAuthNotice = (): string | null => useSyncExternalStore(subscribeAuth, getAuthNotice);
