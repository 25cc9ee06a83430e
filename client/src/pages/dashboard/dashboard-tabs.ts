export const DASHBOARD_TABS = [
  { id: 'on-stage', label: 'On Stage' },
  { id: 'songs', label: 'Songs' },
  { id: 'requests', label: 'Requests' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'profile', label: 'Profile' },
  { id: 'design', label: 'Design' },
] as const;

export type DashboardTabId = (typeof DASHBOARD_TABS)[number]['id'];

export const DEFAULT_TAB: DashboardTabId = 'on-stage';

/** The ?tab= query value, falling back to On Stage for a missing or unknown one. */
export function tabFromQuery(value: string | null): DashboardTabId {
  return DASHBOARD_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_TAB;
}

/** Arrow keys move between tabs and wrap around; Home and End jump to the ends. */
export function tabAfterKey(current: DashboardTabId, key: string): DashboardTabId | null {
  const count = DASHBOARD_TABS.length;
  const index = DASHBOARD_TABS.findIndex((tab) => tab.id === current);
  const targets: Record<string, number> = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1 + count,
    Home: 0,
    End: count - 1,
  };
  const target = targets[key];
  return target === undefined ? null : DASHBOARD_TABS[target % count]!.id;
}
