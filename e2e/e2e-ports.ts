/** Fixed ports: the app started by playwright.config.ts, and the SMTP server it mails to. */
export const E2E_APP_PORT = 4173;
export const E2E_SMTP_PORT = 4174;
