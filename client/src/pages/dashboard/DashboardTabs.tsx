import { useRef, type KeyboardEvent } from 'react';
import { DASHBOARD_TABS, tabAfterKey, type DashboardTabId } from './dashboard-tabs.ts';

interface DashboardTabsProps {
  active: DashboardTabId;
  onSelect(tab: DashboardTabId): void;
  /** A count shown on a tab (the pending requests on Requests); hidden when 0. */
  badges?: Partial<Record<DashboardTabId, { count: number; description: string }>>;
}

export const tabId = (tab: DashboardTabId) => `dashboard-tab-${tab}`;
export const panelId = (tab: DashboardTabId) => `dashboard-panel-${tab}`;

/** A tablist on wide screens, a dropdown on narrow ones (CSS shows one of the two). */
export function DashboardTabs({ active, onSelect, badges = {} }: DashboardTabsProps) {
  const tabRefs = useRef(new Map<DashboardTabId, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Start from the focused tab, not `active`: the URL update behind it may not have rendered yet.
    const focused = DASHBOARD_TABS.find((tab) => tabRefs.current.get(tab.id) === event.target);
    const next = tabAfterKey(focused?.id ?? active, event.key);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    tabRefs.current.get(next)?.focus();
  }

  return (
    <nav className="dashboard-nav" aria-label="Dashboard">
      <div className="tab-select">
        <label htmlFor="dashboard-section" className="visually-hidden">
          Section
        </label>
        <select
          id="dashboard-section"
          value={active}
          onChange={(event) => onSelect(event.target.value as DashboardTabId)}
        >
          {DASHBOARD_TABS.map((tab) => (
            <option key={tab.id} value={tab.id}>
              {tab.label}
              {badges[tab.id]?.count ? ` (${badges[tab.id]?.count})` : ''}
            </option>
          ))}
        </select>
      </div>
      <div role="tablist" aria-label="Dashboard sections" className="tablist" onKeyDown={onKeyDown}>
        {DASHBOARD_TABS.map((tab) => {
          const selected = tab.id === active;
          const badge = badges[tab.id];
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              aria-describedby={badge?.count ? `${tabId(tab.id)}-badge` : undefined}
              tabIndex={selected ? 0 : -1}
              className="tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              {badge?.count ? (
                <span className="tab-badge" aria-hidden="true">
                  {badge.count}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {/* Outside the tabs, so the counts describe them without changing their names. */}
      {DASHBOARD_TABS.map((tab) =>
        badges[tab.id]?.count ? (
          <span key={tab.id} id={`${tabId(tab.id)}-badge`} className="visually-hidden">
            {badges[tab.id]?.description}
          </span>
        ) : null,
      )}
    </nav>
  );
}
