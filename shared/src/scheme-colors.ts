import type { COLOR_SCHEMES } from './audience-constants.ts';

/** The colours of one scheme; each field stands for the CSS variable its comment names. */
export interface SchemeColors {
  /** --bg */
  bg: string;
  /** --bg-raised */
  raised: string;
  /** --bg-input */
  input: string;
  /** --border */
  border: string;
  /** --text */
  text: string;
  /** --text-muted */
  muted: string;
  /** --accent */
  accent: string;
  /** --accent-strong */
  accentStrong: string;
  /** --accent-text: text on the accent */
  accentText: string;
  /** --error */
  error: string;
  /** --glow: the light at the top of the page */
  glow: string;
}

/**
 * Each scheme's colours: the one list. The audience page's CSS (base.css for purple, the default,
 * and audience.css) repeats them as variables, and app/styles/scheme-colors.test.ts holds it to
 * this list; the printed flyer, the overlay and the Design tab's preview read them from here.
 */
export const SCHEME_COLORS: Record<(typeof COLOR_SCHEMES)[number], SchemeColors> = {
  purple: {
    bg: '#140c26',
    raised: '#1f1438',
    input: '#2a1d4a',
    border: '#3d2c66',
    text: '#f3eefe',
    muted: '#b9acd9',
    accent: '#b388ff',
    accentStrong: '#8c5cf0',
    accentText: '#140c26',
    error: '#ff8a9a',
    glow: 'rgb(140 92 240 / 0.22)',
  },
  blue: {
    bg: '#0a1424',
    raised: '#122036',
    input: '#1a2c48',
    border: '#2b4166',
    text: '#eef4fe',
    muted: '#a9bcdc',
    accent: '#7db5ff',
    accentStrong: '#3d7fe0',
    accentText: '#0a1424',
    error: '#ff8a9a',
    glow: 'rgb(61 127 224 / 0.22)',
  },
  green: {
    bg: '#09180f',
    raised: '#10251a',
    input: '#183324',
    border: '#2a4d3a',
    text: '#edfaf2',
    muted: '#a5ccb6',
    accent: '#5fd89a',
    accentStrong: '#2fa86a',
    accentText: '#09180f',
    error: '#ff8a9a',
    glow: 'rgb(47 168 106 / 0.2)',
  },
  red: {
    bg: '#1e0a0e',
    raised: '#2c1117',
    input: '#3b1820',
    border: '#5c2a35',
    text: '#fdeef0',
    muted: '#dbaab2',
    accent: '#ff8f9f',
    accentStrong: '#e0485f',
    accentText: '#1e0a0e',
    error: '#ffc46b',
    glow: 'rgb(224 72 95 / 0.2)',
  },
  orange: {
    bg: '#1e1208',
    raised: '#2c1b0e',
    input: '#3b2615',
    border: '#5c3d24',
    text: '#fdf3ea',
    muted: '#dcbea4',
    accent: '#ffae62',
    accentStrong: '#e0842f',
    accentText: '#1e1208',
    error: '#ff8a9a',
    glow: 'rgb(224 132 47 / 0.2)',
  },
};
