/**
 * Ports of the app started by playwright.config.ts and of the SMTP server it mails to. Fixed by
 * default; E2E_APP_PORT and E2E_SMTP_PORT let two runs share a machine.
 */
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT || 4173);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT || 4174);
