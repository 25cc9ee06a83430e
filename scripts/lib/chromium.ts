import { findChromium } from './find-chromium.ts';

/** The machine's Chromium (find-chromium.ts); throws the sentence saying what to install. */
export function chromiumPath(): string {
  const choice = findChromium();
  if (!choice.found) throw new Error(choice.reason);
  return choice.path;
}

/** The flags every benchmark starts it with (no sandbox: CI runs as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
