import { useEffect, useRef, useState } from 'react';
import { useRequestsStore } from '../requests/requests-store.ts';
import {
  alertNewRequest,
  askNotificationPermission,
  notificationPermission,
  type PermissionState,
} from './new-request-alert.ts';

/**
 * Alerts once per request that arrives while this screen is open (never for the first load:
 * the store records arrivals only after it).
 */
export function useNewRequestAlerts() {
  const arrivals = useRequestsStore((s) => s.arrivals);
  const alerted = useRef<Set<string> | null>(null);

  useEffect(() => {
    // Requests that arrived before this screen opened were announced elsewhere, or not at all.
    if (!alerted.current) {
      alerted.current = new Set(arrivals);
      return;
    }
    const byId = useRequestsStore.getState().collection.byId;
    for (const id of arrivals) {
      if (alerted.current.has(id)) continue;
      alerted.current.add(id);
      const request = byId[id];
      if (request) alertNewRequest(request);
    }
  }, [arrivals]);
}

/** The browser's notification permission, and a way to ask for it. */
export function useNotificationPermission() {
  const [permission, setPermission] = useState<PermissionState>(notificationPermission);
  const asking = useRef(false);

  async function ask() {
    if (asking.current) return;
    asking.current = true;
    setPermission(await askNotificationPermission());
    asking.current = false;
  }

  return { permission, ask };
}
