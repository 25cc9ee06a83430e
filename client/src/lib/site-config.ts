/**
 * Set at build time (VITE_SUPPORT_EMAIL=... npm run build). Without it the site says plainly
 * that no contact address is configured rather than showing a made-up one.
 */
const supportEmail: string | undefined = import.meta.env.VITE_SUPPORT_EMAIL?.trim() || undefined;

export const siteConfig = { supportEmail };
