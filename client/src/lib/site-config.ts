import { createPageStore } from '#client/lib/store-reset.ts';
import { SiteConfigResponse } from '#shared/schemas/site-config.ts';
import { api } from './api-client.ts';

interface SiteConfigState {
  /** The audience host for links and QR codes; this page's origin until the server answers. */
  publicUrl: string;
  /** Where musicians write for help (SUPPORT_EMAIL), read at run time from GET /api/config. */
  supportEmail: string | undefined;
  /** The identity-provider button's label (OIDC_BUTTON_LABEL); undefined: no such sign-in. */
  oidcButtonLabel: string | undefined;
  loaded: boolean;
}

/** What the server says about this installation, asked once per page load. */
export const useSiteConfigStore = createPageStore<SiteConfigState>(() => ({
  publicUrl: window.location.origin,
  supportEmail: undefined,
  oidcButtonLabel: undefined,
  loaded: false,
}));

let loading: Promise<void> | null = null;

/** GET /api/config once; a failure leaves the defaults and lets the next caller try again. */
export function loadSiteConfig(): Promise<void> {
  loading ??= api
    .get('/config', SiteConfigResponse)
    .then((config) =>
      useSiteConfigStore.setState({
        publicUrl: config.public_url.replace(/\/+$/, '') || window.location.origin,
        supportEmail: config.support_email?.trim() || undefined,
        oidcButtonLabel: config.oidc_button_label?.trim() || undefined,
        loaded: true,
      }),
    )
    .catch(() => {
      loading = null;
    });
  return loading;
}

/**
 * For code that reads the values while rendering (the sign-in panel, the support modal): the
 * current values of the store. Without SUPPORT_EMAIL the site says plainly that no contact
 * address is configured rather than showing a made-up one. Prefer useSupportEmail() in
 * components, which re-renders when the answer arrives.
 */
export const siteConfig = {
  get supportEmail(): string | undefined {
    void loadSiteConfig();
    return useSiteConfigStore.getState().supportEmail;
  },
};
