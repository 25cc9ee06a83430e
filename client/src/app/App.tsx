import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { APP_PAGES, AUDIENCE_PAGE } from '#shared/app-pages.ts';
import { LoggedInOnly, LoggedOutOnly } from './route-guards.tsx';

// Each screen is its own chunk, loaded when its route is first shown: the landing page does not
// download the dashboard, the playlist editor or drag and drop. (The server answers
// /musician/:slug with audience.html, its own entry; this route only serves in-app navigation.)
// The paths are shared/src/app-pages.ts's, which the server answers with this app and 200.
const LandingPage = lazy(() =>
  import('../pages/landing/LandingPage.tsx').then((m) => ({ default: m.LandingPage })),
);
const DashboardPage = lazy(() =>
  import('../pages/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const OnStagePage = lazy(() =>
  import('../pages/on-stage/OnStagePage.tsx').then((m) => ({ default: m.OnStagePage })),
);
const StagePairPage = lazy(() =>
  import('../features/stage-devices/StagePairPage.tsx').then((m) => ({
    default: m.StagePairPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('../pages/landing/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
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
            path={APP_PAGES.landing}
            element={
              <LoggedOutOnly>
                <LandingPage />
              </LoggedOutOnly>
            }
          />
          <Route
            path={APP_PAGES.dashboard}
            element={
              <LoggedInOnly>
                <DashboardPage />
              </LoggedInOnly>
            }
          />
          {/* Where the identity provider returns (OidcReturn signs in); else the Profile tab. */}
          <Route path={APP_PAGES.profile} element={<OidcReturn />} />
          <Route path={AUDIENCE_PAGE} element={<AudiencePage />} />
          <Route path={APP_PAGES.onStage} element={<OnStagePage />} />
          {/* Where the dashboard's "Add a stage device" QR code leads. */}
          <Route path={APP_PAGES.stagePair} element={<StagePairPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
