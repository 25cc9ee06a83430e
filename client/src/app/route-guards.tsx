import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { selectIsLoggedIn, selectIsStageDevice, useAuthStore } from '../lib/session/auth-store.ts';

interface GuardProps {
  children: ReactNode;
}

/**
 * A same-origin path (`/on-stage/my-band`), or undefined for anything else: an absolute or
 * protocol-relative URL (`//evil.example`), a backslash trick or garbage never becomes a redirect.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return;
  try {
    const base = 'http://same.origin';
    const url = new URL(next, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/** A stage device's only screen. */
function useStageScreen(): string {
  const slug = useAuthStore((s) => s.musician?.slug ?? '');
  return `/on-stage/${slug}`;
}

/**
 * Logged-out visitors go to the landing page (also when a 401 ends the session); a paired stage
 * device goes to its On Stage screen, the only one it may use.
 */
export function LoggedInOnly({ children }: GuardProps) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const stage = useAuthStore(selectIsStageDevice);
  const stageScreen = useStageScreen();
  if (!loggedIn) return <Navigate to="/" replace />;
  return stage ? <Navigate to={stageScreen} replace /> : children;
}

/**
 * Logged-in musicians skip the landing page: to where they were going before signing in (a
 * same-origin `?next=`), else the dashboard.
 */
export function LoggedOutOnly({ children }: GuardProps) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const stage = useAuthStore(selectIsStageDevice);
  const stageScreen = useStageScreen();
  const [params] = useSearchParams();
  if (!loggedIn) return children;
  if (stage) return <Navigate to={stageScreen} replace />;
  return <Navigate to={safeNextPath(params.get('next')) ?? '/dashboard'} replace />;
}
