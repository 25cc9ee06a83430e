/** Lighthouse, the npm package, on the machine's Chromium, with its default (mobile) settings. */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseFigures {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The audits that cost points: "category: title (value)", to find what to fix. */
  findings: string[];
  lhr: Result;
}

/** One Lighthouse run in a fresh Chromium (empty cache and storage): a first visit. */
export async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
      },
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      findings: findings(lhr),
      lhr,
    };
  } finally {
    chrome.kill();
  }
}

/** Every audit of the categories that scored below full marks, or that Lighthouse flags. */
function findings(lhr: Result): string[] {
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') {
        continue;
      }
      if (audit.scoreDisplayMode === 'informative' && !audit.displayValue) continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push(`${category}: ${audit.title}${value}, score ${audit.score}, weight ${ref.weight}`);
    }
  }
  return lines;
}
