import type { Page } from '@playwright/test';

export interface ScreenSize {
  name: string;
  width: number;
  height: number;
}

/** The screens the pictures are taken at: a phone held upright, a tablet, a laptop. */
export const SCREEN_SIZES: readonly ScreenSize[] = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * Gives `page` each size in turn and calls `shoot` there. The pictures are for a person to look
 * at; no test reads them.
 */
export async function atEachSize(
  page: Page,
  shoot: (size: ScreenSize) => Promise<unknown>,
  sizes: readonly ScreenSize[] = SCREEN_SIZES,
): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await shoot(size);
  }
}
