/** The machine's Chromium and the flags every benchmark starts it with (no sandbox: CI runs as root). */
export const CHROMIUM_PATH =
  process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
