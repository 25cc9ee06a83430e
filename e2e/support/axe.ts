import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What the product may not ship: axe's two worst impacts. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2 A and AA rules) over what `page` shows now and fails on any serious or
 * critical finding, naming each rule and the elements it found, so the failure says what to mend.
 */
export async function expectNoSeriousA11yFindings(
  page: Page,
  where: string,
  /** Only this part of the page (a CSS selector): the part a test is about. */
  include?: string,
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} -> ` +
        violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`,
          )
          .join('; '),
    );
  expect(blocking, `axe findings on ${where}`).toEqual([]);
}
