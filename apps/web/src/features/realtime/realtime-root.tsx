import { useQueryClient } from '@tanstack/react-query';
import { Component, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_EVENTS } from '../../lib/auth/auth-session.ts';
import { readStoredToken } from '../../lib/auth/auth-storage.ts';
import { getAuthState } from '../../lib/auth/auth-store.ts';
import { useAuthState } from '../../lib/auth/use-auth.ts';
import { useIsMobile } from '../../lib/use-media-query.ts';
import { PROFILE_QUERY_PREFIX, SOCIAL_DASHBOARD_QUERY_PREFIX, useSocialDashboard } from './api/social-dashboard.ts';
import { SocialPanel, type PanelTab } from './components/social-panel.tsx';
import { SocialToggle } from './components/social-toggle.tsx';
import { ToastOverlay } from './components/toast-overlay.tsx';
import { createHubClient } from './lib/hub-connection.ts';
import { notificationFromHub } from './lib/hub-notifications.ts';
import {
  addNotification,
  clearNotifications,
  getNotificationsSnapshot,
  markAllViewed,
  missedCount,
  pendingCount,
  subscribeNotifications,
} from './lib/notifications-store.ts';
import { createTitleBlink } from './lib/title-blink.ts';
import { useNotifications } from './lib/use-notifications.ts';

/**
 * Everything real-time of a signed-in page (spec: site-account-and-realtime §2 "Social side panel", §4
 * "Notifications" and "Real-time connection"): the hub connection, the toasts, the blinking title and, on a
 * screen wider than 768 px, the social panel and its toggle. The shell renders it only while someone is signed in,
 * and loads it lazily: visitors never download it (DESIGN.md budget: the hub client is lazy).
 */
export default function RealtimeRoot(): ReactNode {
  return (
    <QuietBoundary>
      <Realtime />
    </QuietBoundary>
  );
}

/** A failure in here is logged and leaves the page alone: everything real-time is an extra. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The real-time features stopped', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Realtime() {
  const { user } = useAuthState();
  const wide = !useIsMobile();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<PanelTab>('social');
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const notifications = useNotifications();
  // Spec §4 "The social panel data is fetched on mount and every 30 seconds while logged in"; a phone has no panel.
  const dashboard = useSocialDashboard(wide, user?.id ?? null);

  useHubConnection(user?.email ?? null);
  useBlinkingTitle();
  useToastsCountAsSeenWithoutPanel(!wide);

  const panelOpen = open && wide;
  return (
    <>
      {wide && (
        <SocialToggle
          ref={toggleRef}
          panelId={panelId}
          open={panelOpen}
          onlineCount={dashboard.data?.onlineBuddies.length}
          pendingCount={pendingCount(notifications)}
          onToggle={() => {
            // The panel shows the latest: opening it asks again (spec "fetched on mount").
            if (!panelOpen) void dashboard.refetch();
            setOpen(!panelOpen);
          }}
        />
      )}
      {panelOpen && (
        <SocialPanel
          id={panelId}
          tab={tab}
          onTabChange={setTab}
          onClose={() => setOpen(false)}
          toggleRef={toggleRef}
          dashboard={{
            data: dashboard.data,
            failed: dashboard.isError,
            retry: () => void dashboard.refetch(),
          }}
        />
      )}
      <ToastOverlay besidePanel={panelOpen} />
    </>
  );
}

/**
 * Spec §4: connects when the user becomes authenticated (this component exists only then) and disconnects when
 * not (it goes away), on the auth-logout event and when the page is left (pagehide; a page restored from the
 * back-forward cache connects again). Another account signing in on this page starts over as that account.
 */
function useHubConnection(email: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });

  useEffect(() => {
    const client = createHubClient({
      readToken: readStoredToken,
      readEmail: () => getAuthState().user?.email,
      onNotification(event) {
        addNotification(notificationFromHub(event, (path) => void navigateRef.current(path)));
        // The panel and /dashboard show who is where: a hub message says it changed, so both ask again at once.
        void queryClient.invalidateQueries({ queryKey: SOCIAL_DASHBOARD_QUERY_PREFIX });
        void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_PREFIX });
      },
    });
    const connect = () =>
      client.connect().catch((error: unknown) => console.error('The hub connection was not started', error));
    const disconnect = () => void client.disconnect();
    const reconnectRestoredPage = (event: PageTransitionEvent) => {
      if (event.persisted) void connect();
    };
    void connect();
    window.addEventListener(AUTH_EVENTS.logout, disconnect);
    window.addEventListener('pagehide', disconnect);
    window.addEventListener('pageshow', reconnectRestoredPage);
    return () => {
      window.removeEventListener(AUTH_EVENTS.logout, disconnect);
      window.removeEventListener('pagehide', disconnect);
      window.removeEventListener('pageshow', reconnectRestoredPage);
      disconnect();
      // The notifications were this account's.
      clearNotifications();
    };
  }, [email, queryClient]);
}

/** Spec §4 "The pending count drives a blinking browser tab title". */
function useBlinkingTitle() {
  useEffect(() => {
    const blink = createTitleBlink();
    const update = () => blink.setCount(pendingCount(getNotificationsSnapshot()));
    update();
    const unsubscribe = subscribeNotifications(update);
    return () => {
      unsubscribe();
      blink.stop();
    };
  }, []);
}

/**
 * Below 768 px there is no panel and so no Notifications tab to open (spec §2), and the title would blink until the
 * page is closed. There a toast that went away while the page was in view counts as seen; one that went away while
 * the page was hidden waits until the page is looked at again.
 */
function useToastsCountAsSeenWithoutPanel(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const markSeen = () => {
      if (document.visibilityState === 'visible' && missedCount(getNotificationsSnapshot()) > 0) markAllViewed();
    };
    markSeen();
    const unsubscribe = subscribeNotifications(markSeen);
    document.addEventListener('visibilitychange', markSeen);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', markSeen);
    };
  }, [active]);
}
