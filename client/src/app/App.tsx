import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AudiencePage } from '../features/audience/AudiencePage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { OnStagePage } from '../features/on-stage/OnStagePage.tsx';
import { LoggedInOnly, LoggedOutOnly } from './route-guards.tsx';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/"
          element={
            <LoggedOutOnly>
              <LandingPage />
            </LoggedOutOnly>
          }
        />
        <Route
          path="/dashboard"
          element={
            <LoggedInOnly>
              <DashboardPage />
            </LoggedInOnly>
          }
        />
        {/* Where a third-party sign-in returns: the Profile tab of the dashboard. */}
        <Route
          path="/profile"
          element={
            <LoggedInOnly>
              <Navigate to="/dashboard?tab=profile" replace />
            </LoggedInOnly>
          }
        />
        <Route path="/musician/:slug" element={<AudiencePage />} />
        <Route path="/on-stage/:slug" element={<OnStagePage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
