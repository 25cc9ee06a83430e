import type { ColorScheme } from '#shared/audience-constants.ts';
import { SCHEME_COLORS } from '#shared/scheme-colors.ts';

/**
 * The musician's colour scheme on the screen's root, as CSS variables of base.css's names, set
 * through the CSSOM (the content security policy refuses inline style attributes).
 */
export function applyScreenColors(scheme: ColorScheme, root = document.documentElement): void {
  const colors = SCHEME_COLORS[scheme];
  root.style.setProperty('--bg', colors.bg);
  root.style.setProperty('--bg-raised', colors.raised);
  root.style.setProperty('--border', colors.border);
  root.style.setProperty('--text', colors.text);
  root.style.setProperty('--text-muted', colors.muted);
  root.style.setProperty('--accent', colors.accent);
  root.style.setProperty('--accent-strong', colors.accentStrong);
  root.style.setProperty('--accent-text', colors.accentText);
  root.style.setProperty('--screen-glow', colors.glow);
  root.dataset.scheme = scheme;
}
