/**
 * English without i18next. The page's first paint is in English for most phones, and i18next
 * is about 13 KB of the first visit's script (docs/benchmarks.md, "Audience page"): this does for the
 * English catalogs exactly what i18next does with them (catalogs.test.ts compares the two on every
 * key), and i18next itself arrives only for a phone that reads another language.
 *
 * What the catalogs use, and so all this needs: a `messages:` namespace prefix, `_one` /
 * `_other` plural keys chosen by `count`, and {name} placeholders.
 */
type Catalog = Readonly<Record<string, string>>;

const englishPlural = new Intl.PluralRules('en');

export function englishT(namespaces: { audience: Catalog; messages: Catalog }) {
  return (key: string, values: Record<string, unknown> = {}): string => {
    const inMessages = key.startsWith('messages:');
    const catalog = inMessages ? namespaces.messages : namespaces.audience;
    const bare = inMessages ? key.slice('messages:'.length) : key;
    const { count } = values;
    const plural =
      typeof count === 'number' ? catalog[`${bare}_${englishPlural.select(count)}`] : undefined;
    const text = plural ?? catalog[bare] ?? bare;
    return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    );
  };
}
