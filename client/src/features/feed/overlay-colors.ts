import { COLOR_SCHEMES, type ColorScheme } from '#shared/audience-constants.ts';
import { SCHEME_COLORS } from '#shared/schemas/audience.ts';

/** How opaque the cards are over the stream's picture: readable, the video still shows. */
const CARD_OPACITY = 0.88;

function rgba(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/** The musician's colour scheme, as the audience page shows it (GET /musicians/{slug}/design). */
export async function fetchColorScheme(slug: string): Promise<ColorScheme | null> {
  try {
    const res = await fetch(`/api/musicians/${encodeURIComponent(slug)}/design`);
    if (!res.ok) return null;
    const { color_scheme: scheme } = (await res.json()) as { color_scheme?: unknown };
    return COLOR_SCHEMES.find((known) => known === scheme) ?? null;
  } catch {
    return null;
  }
}

/**
 * The scheme's colours as CSS variables on the root (set through the CSSOM, which the content
 * security policy allows, unlike inline style attributes).
 */
export function applyColorScheme(scheme: ColorScheme, root = document.documentElement): void {
  const colors = SCHEME_COLORS[scheme];
  root.style.setProperty('--overlay-card', rgba(colors.raised, CARD_OPACITY));
  root.style.setProperty('--overlay-card-strong', rgba(colors.bg, 0.94));
  root.style.setProperty('--overlay-text', colors.text);
  root.style.setProperty('--overlay-muted', colors.muted);
  root.style.setProperty('--overlay-accent', colors.accent);
  root.style.setProperty('--overlay-accent-text', colors.accentText);
  root.dataset.scheme = scheme;
}
