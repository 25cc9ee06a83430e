import { useEffect } from 'react';
import { loadSiteConfig, useSiteConfigStore } from './site-config.ts';

/**
 * The audience host for links and QR codes: the installation's PUBLIC_URL, or the address this
 * page was opened at (the server answers that when PUBLIC_URL is unset).
 */
export function useAudienceOrigin(): string {
  useEffect(() => void loadSiteConfig(), []);
  return useSiteConfigStore((s) => s.publicUrl);
}

/** SUPPORT_EMAIL as the server has it now (undefined until known, or when not set). */
export function useSupportEmail(): string | undefined {
  useEffect(() => void loadSiteConfig(), []);
  return useSiteConfigStore((s) => s.supportEmail);
}

/** The label of the identity-provider button, or undefined when the server has none set up. */
export function useOidcButtonLabel(): string | undefined {
  useEffect(() => void loadSiteConfig(), []);
  return useSiteConfigStore((s) => s.oidcButtonLabel);
}
