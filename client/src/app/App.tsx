import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoggedInOnly, LoggedOutOnly } from './route-guards.tsx';

// Each screen is its own chunk, loaded when its route is first shown: the landing page does not
// download the dashboard, the playlist editor or drag and drop. (The server answers
// /musician/:slug with audience.html, its own entry; this route only serves in-app navigation.)
const LandingPage = lazy(() =>
  import('../features/landing/LandingPage.tsx').then((m) => ({ default: m.LandingPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const OnStagePage = lazy(() =>
  import('../features/on-stage/OnStagePage.tsx').then((m) => ({ default: m.OnStagePage })),
);
const StagePairPage = lazy(() =>
  import('../features/stage-devices/StagePairPage.tsx').then((m) => ({
    default: m.StagePairPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('../features/landing/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const OidcReturn = lazy(() =>
  import('../features/auth/OidcReturn.tsx').then((m) => ({ default: m.OidcReturn })),
);
const AudiencePage = lazy(() =>
  import('../features/audience/AudiencePage.tsx').then((m) => ({ default: m.AudiencePage })),
);

export function App() {
  return (
    <BrowserRouter>
      {/* No fallback: a route's chunk arrives in a blink, and a spinner would only flash. */}
      <Suspense fallback={null}>
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
          {/* Where the identity provider returns (OidcReturn signs in); else the Profile tab. */}
          <Route path="/profile" element={<OidcReturn />} />
          <Route path="/musician/:slug" element={<AudiencePage />} />
          <Route path="/on-stage/:slug" element={<OnStagePage />} />
          {/* Where the dashboard's "Add a stage device" QR code leads. */}
          <Route path="/stage/pair" element={<StagePairPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
