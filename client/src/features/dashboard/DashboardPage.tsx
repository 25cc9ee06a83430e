import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { authApi } from '../auth/auth-api.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import {
  DEFAULT_TAB,
  DASHBOARD_TABS,
  tabFromQuery,
  type DashboardTabId,
} from './dashboard-tabs.ts';
import { DashboardTabs, panelId, tabId } from './DashboardTabs.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import './dashboard.css';

/** What each tab says until its feature is built. */
const COMING_SOON: Record<Exclude<DashboardTabId, 'profile'>, string> = {
  'on-stage': 'Live requests from your audience will show up here. Coming soon.',
  songs: 'Adding and managing your songs from the dashboard is coming soon.',
  requests: 'Request history and shows are coming soon.',
  analytics: 'Analytics about your requests and tips are coming soon.',
  design: 'Design settings for your audience page are coming soon.',
};

export function DashboardPage() {
  const musician = useAuthStore((s) => s.musician);
  const setMusician = useAuthStore((s) => s.setMusician);
  const logout = useAuthStore((s) => s.logout);
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabFromQuery(searchParams.get('tab'));

  // The stored profile may be stale (edited elsewhere); a revoked token answers 401 here.
  useEffect(() => {
    authApi.profile().then(setMusician, () => {});
  }, [setMusician]);

  function select(tab: DashboardTabId) {
    setSearchParams(tab === DEFAULT_TAB ? {} : { tab }, { replace: true });
  }

  if (!musician) return null;
  const label = DASHBOARD_TABS.find((tab) => tab.id === active)?.label;

  return (
    <div className="dashboard">
      <header className="site-header dashboard-header">
        <h1 className="dashboard-welcome">Welcome, {musician.name}</h1>
        <button type="button" className="button button-ghost" onClick={() => void logout()}>
          Logout
        </button>
      </header>
      <DashboardTabs active={active} onSelect={select} />
      <main className="dashboard-main">
        <div
          role="tabpanel"
          id={panelId(active)}
          aria-labelledby={tabId(active)}
          className="dashboard-panel"
          tabIndex={0}
        >
          <h2 className="visually-hidden">{label}</h2>
          {active === 'profile' ? (
            <ProfileTab musician={musician} />
          ) : (
            <p className="coming-soon">{COMING_SOON[active]}</p>
          )}
        </div>
      </main>
    </div>
  );
}
