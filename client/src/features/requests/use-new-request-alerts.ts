import { useEffect, useRef, useState } from 'react';
import { useRequestsStore } from './requests-store.ts';
import {
  alertNewRequest,
  alertSound,
  askNotificationPermission,
  notificationPermission,
  type PermissionState,
} from './new-request-alert.ts';

/** How many screens of this browser tab alert right now: at most one, or one request rings twice. */
let alertingScreens = 0;

/**
 * Alerts once per request that arrives while this screen is open (never for the first load:
 * the store records arrivals only after it). The dashboard and the On Stage screen both call
 * it; within one browser tab only the first screen mounted alerts.
 */
export function useNewRequestAlerts() {
  useEffect(() => {
    // Listening for the first tap from now on, so the tone can play when a request comes.
    alertSound();
    if (alertingScreens > 0) return;
    alertingScreens += 1;
    // Requests that arrived before this screen opened were announced elsewhere, or not at all.
    const alerted = new Set(useRequestsStore.getState().arrivals);
    const unsubscribe = useRequestsStore.subscribe((state) => {
      for (const id of state.arrivals) {
        if (alerted.has(id)) continue;
        alerted.add(id);
        const request = state.collection.byId[id];
        if (request) alertNewRequest(request);
      }
    });
    return () => {
      alertingScreens -= 1;
      unsubscribe();
    };
  }, []);
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
