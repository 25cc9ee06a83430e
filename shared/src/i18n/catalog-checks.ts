/**
 * What the catalog tests of both sides check of a translation against its English: every key,
 * nothing more, the same {placeholders}, and each plural key in exactly the plural forms of the
 * translation's language (Intl.PluralRules: German has one/other, Spanish one/many/other).
 */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);

const sameSet = (a: readonly (string | undefined)[], b: readonly (string | undefined)[]) =>
  new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));

/** Each problem as a sentence; an empty list is a complete, consistent translation. */
export function catalogProblems(
  english: Record<string, string>,
  translation: Record<string, string>,
  locale: string,
): string[] {
  const problems: string[] = [];
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const expected = new Set<string>();

  for (const [key, text] of Object.entries(english)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) {
      expected.add(key);
      const translated = translation[key];
      if (translated === undefined) problems.push(`${key} is missing`);
      else if (!sameSet(placeholders(translated), placeholders(text))) {
        problems.push(
          `${key} has placeholders ${placeholders(translated)} instead of ${placeholders(text)}`,
        );
      }
      continue;
    }
    if (!key.endsWith('_other')) continue;
    // A plural key: the forms of the translation's language, each with no placeholder English
    // lacks, and the general form ("other") with all of them.
    for (const category of categories) {
      const form = `${base}_${category}`;
      expected.add(form);
      const translated = translation[form];
      if (translated === undefined) problems.push(`${form} is missing`);
      else if (
        !placeholders(translated).every(
          (name) => name === 'count' || placeholders(text).includes(name),
        )
      ) {
        problems.push(`${form} has a placeholder English does not`);
      } else if (category === 'other' && !sameSet(placeholders(translated), placeholders(text))) {
        problems.push(
          `${form} has placeholders ${placeholders(translated)} instead of ${placeholders(text)}`,
        );
      }
    }
  }

  for (const [key, text] of Object.entries(translation)) {
    if (!expected.has(key)) problems.push(`${key} is not a key of the English catalog`);
    else if (text.trim() === '') problems.push(`${key} is empty`);
  }
  return problems;
}
