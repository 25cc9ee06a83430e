import { useEffect, useReducer, useState } from 'react';
import { applyColorScheme, fetchColorScheme } from './overlay-colors.ts';
import { feedAddress, followFeed, type OverlayConnection } from './overlay-feed.ts';
import { applyFeedMessage, EMPTY_OVERLAY } from './overlay-state.ts';

/** How long the feed may be down before the overlay says so (a server restart takes less). */
const QUIET_OUTAGE_MS = 5000;

/** The overlay's live state: the feed followed for as long as the page is open. */
export function useOverlayFeed(token: string | null) {
  const [state, dispatch] = useReducer(applyFeedMessage, EMPTY_OVERLAY);
  const [connection, setConnection] = useState<OverlayConnection>({ state: 'connecting' });

  useEffect(() => {
    if (!token) return;
    return followFeed(feedAddress(window.location, token), {
      onMessage: dispatch,
      onConnection: setConnection,
    });
  }, [token]);

  // The musician's colours, once the feed has said whose queue it is (the slug may have changed
  // since the overlay's address was copied).
  const slug = state.musician?.slug;
  useEffect(() => {
    if (!slug) return;
    let current = true;
    void fetchColorScheme(slug).then((scheme) => current && scheme && applyColorScheme(scheme));
    return () => {
      current = false;
    };
  }, [slug]);

  const [longOutage, setLongOutage] = useState(false);
  const down = connection.state === 'down';
  useEffect(() => {
    if (!down) return;
    const timer = setTimeout(() => setLongOutage(true), QUIET_OUTAGE_MS);
    return () => {
      clearTimeout(timer);
      setLongOutage(false);
    };
  }, [down]);

  return { state, connection, outage: down && longOutage };
}
