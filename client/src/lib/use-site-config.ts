import { useEffect, useState } from 'react';
import { SiteConfigResponse } from '#shared/schemas/site-config.ts';
import { api } from './api-client.ts';

let loading: Promise<SiteConfigResponse | null> | null = null;

/** GET /api/config once per page load; null when it cannot be read. */
function loadSiteConfig(): Promise<SiteConfigResponse | null> {
  loading ??= api.get('/config', SiteConfigResponse).catch(() => {
    loading = null; // try again next time
    return null;
  });
  return loading;
}

/**
 * The audience host for links and QR codes: the installation's PUBLIC_URL, or this page's own
 * origin until (or unless) the server says otherwise.
 */
export function useAudienceOrigin(): string {
  const [origin, setOrigin] = useState(window.location.origin);
  useEffect(() => {
    let current = true;
    void loadSiteConfig().then((config) => {
      if (current && config?.public_url) setOrigin(config.public_url.replace(/\/+$/, ''));
    });
    return () => {
      current = false;
    };
  }, []);
  return origin;
}
