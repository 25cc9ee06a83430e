/**
 * Playwright's global setup: a Chromium on the machine before any worker starts one (installed
 * with apt-get when there is none: scripts/lib/install-chromium.ts). The workers load the config
 * again afterwards and find it (playwright.config.ts).
 */
import { ensureChromium } from '#scripts/lib/install-chromium.ts';

export default function chromiumSetup(): void {
  ensureChromium();
}
