import { useNavigate } from 'react-router';

/**
 * Spec: "A back button goes to browser history, else a fallback route (default /)". React Router numbers
 * the entries of its own history in `history.state.idx`; 0 means the visitor arrived here directly (a
 * shared link, a new tab), where going back would leave the site, so the fallback is used instead.
 */
function hasInAppHistory(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0
  );
}

export function useBackNavigation(fallback = '/'): () => void {
  const navigate = useNavigate();
  return () => {
    if (hasInAppHistory()) void navigate(-1);
    else void navigate(fallback);
  };
}
