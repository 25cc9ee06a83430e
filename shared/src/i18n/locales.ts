/**
 * The languages of the audience page (issue 11): English, the spec's own words, and four
 * translations. A browser's tag ("es-MX", "pt-BR", "de") is matched on its language only.
 */
export const LOCALES = ['en', 'es', 'de', 'fr', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as the switcher lists them. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** "es-MX" -> "es"; null for a language the page does not speak (or no tag at all). */
export function localeOfTag(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/, 1)[0];
  return isLocale(language) ? language : null;
}

/** The first of the preferred tags the page speaks, else English. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** At most this many tags are read from a header: a hostile one can be as long as it likes. */
const MAX_TAGS = 20;

/**
 * The tags of an Accept-Language header, most wanted first ("fr-CH, fr;q=0.9, *;q=0.5" ->
 * ["fr-CH", "fr", "*"]). Tags refused with q=0, and anything malformed, are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const tags: { tag: string; q: number; order: number }[] = [];
  for (const [order, part] of header.split(',').slice(0, MAX_TAGS).entries()) {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim();
    if (!/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(tag)) continue;
    const qParam = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    tags.push({ tag, q, order });
  }
  return tags.sort((a, b) => b.q - a.q || a.order - b.order).map(({ tag }) => tag);
}
