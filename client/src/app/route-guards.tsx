import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { selectIsLoggedIn, useAuthStore } from '../features/auth/auth-store.ts';

interface GuardProps {
  children: ReactNode;
}

/** Logged-out visitors go to the landing page (also when a 401 ends the session). */
export function LoggedInOnly({ children }: GuardProps) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  return loggedIn ? children : <Navigate to="/" replace />;
}

/** Logged-in musicians skip the landing page. */
export function LoggedOutOnly({ children }: GuardProps) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  return loggedIn ? <Navigate to="/dashboard" replace /> : children;
}
