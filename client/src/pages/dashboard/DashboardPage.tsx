import { plural } from '#shared/fill-message.ts';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DASHBOARD_POLL_MS } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { LiveIndicator } from '#client/live/LiveIndicator.tsx';
import { useLiveSession } from '#client/live/use-live-session.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';
import { Icon } from '#client/ui/icons.tsx';
import { ContactForm } from '#client/features/contact/ContactForm.tsx';
import { HelpButton } from '#client/features/help/QuickStartGuide.tsx';
import { UpgradeButton } from '#client/features/subscription/UpgradeButton.tsx';
import {
  DEFAULT_TAB,
  DASHBOARD_TABS,
  tabFromQuery,
  type DashboardTabId,
} from './dashboard-tabs.ts';
import { DashboardTabs, panelId, tabId } from './DashboardTabs.tsx';
import { useQueueRequests } from '#client/features/requests/use-queue-requests.ts';
import { useNewRequestAlerts } from '#client/features/requests/use-new-request-alerts.ts';
import { OnStageTab } from './OnStageTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import { DesignTab } from '#client/features/design/DesignTab.tsx';
import { AnalyticsTab } from '#client/features/analytics/AnalyticsTab.tsx';
import { LearnNextPanel } from '#client/features/insights/LearnNextPanel.tsx';
import { RequestsTab } from './RequestsTab.tsx';
import { SongsTab } from './SongsTab.tsx';
import './dashboard.css';

export function DashboardPage() {
  const token = useAuthStore((s) => s.token);
  const musician = useAuthStore((s) => s.musician);
  const setMusician = useAuthStore((s) => s.setMusician);
  const logout = useAuthStore((s) => s.logout);
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabFromQuery(searchParams.get('tab'));
  // Counted as shown: a request marked played in its undo window no longer counts.
  const pending = useQueueRequests().filter((request) => request.status === 'pending').length;
  useLiveSession({ token, musicianId: musician?.id, pollMs: DASHBOARD_POLL_MS });
  // The same alerts as the On Stage screen, whichever tab is open.
  useNewRequestAlerts();

  // The stored profile may be stale (edited elsewhere); a revoked token answers 401 here, which
  // signs out. Any other failure says so (spec section 8) while the stored profile stays in use.
  const [profileFailed, setProfileFailed] = useState(false);
  const reloadProfile = useCallback(() => {
    profileApi.get().then(
      (fresh) => {
        setMusician(fresh);
        setProfileFailed(false);
      },
      () => setProfileFailed(true),
    );
  }, [setMusician]);
  useEffect(reloadProfile, [reloadProfile]);

  function select(tab: DashboardTabId) {
    setSearchParams(tab === DEFAULT_TAB ? {} : { tab }, { replace: true });
  }

  if (!musician) return null;
  const label = DASHBOARD_TABS.find((tab) => tab.id === active)?.label;

  return (
    <div className="dashboard">
      <header className="site-header dashboard-header">
        <h1 className="dashboard-welcome" title={`Welcome, ${musician.name}`}>
          <span className="dashboard-welcome-word">Welcome, </span>
          {musician.name}
        </h1>
        <LiveIndicator />
        <div className="dashboard-header-actions">
          <HelpButton>
            <ContactForm name={musician.name} email={musician.email} />
          </HelpButton>
          <UpgradeButton className="button button-secondary dashboard-upgrade" />
          <button
            type="button"
            className="button button-ghost dashboard-logout"
            aria-label="Logout"
            title="Logout"
            onClick={() => void logout()}
          >
            <Icon name="logout" size={20} />
            <span className="dashboard-logout-text" aria-hidden="true">
              Logout
            </span>
          </button>
        </div>
      </header>
      <DashboardTabs
        active={active}
        onSelect={select}
        badges={{
          requests: {
            count: pending,
            description: plural(pending, 'pending request', 'pending requests'),
          },
        }}
      />
      <main className="dashboard-main">
        {profileFailed && (
          <div role="alert" className="dashboard-alert">
            <p>{messages.profileLoadFailed}</p>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={reloadProfile}
            >
              Retry
            </button>
          </div>
        )}
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
          ) : active === 'on-stage' ? (
            <OnStageTab musician={musician} onOpenTab={select} />
          ) : active === 'requests' ? (
            <RequestsTab slug={musician.slug} />
          ) : active === 'analytics' ? (
            <AnalyticsTab footer={<LearnNextPanel />} />
          ) : active === 'songs' ? (
            <SongsTab musicianId={musician.id} />
          ) : (
            <DesignTab musician={musician} />
          )}
        </div>
      </main>
    </div>
  );
}
