import type { Page } from '@playwright/test';

/**
 * axe-core cannot measure text over a gradient (it reports such text as "incomplete", never as a
 * finding), and the pages' backgrounds are gradients: the glow at the top of every page, the Now
 * panel's. So before axe runs, each gradient background is drawn as one solid colour: of its
 * colours (each laid over the element's own background colour), the one nearest in lightness to
 * the element's text, where its contrast is the lowest. Text that passes over that colour passes
 * over the whole gradient. Set through the CSSOM: the content security policy refuses style
 * attributes and style elements, not this.
 */
export async function flattenGradients(page: Page): Promise<void> {
  // A string: the e2e code is typed without the DOM's library.
  await page.evaluate(`(() => {
    const channels = (color) => (color.match(/[\\d.]+/g) || []).map(Number);
    const over = (top, base) => {
      const [r, g, b, a = 1] = channels(top);
      const [br, bg, bb] = channels(base);
      return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
    };
    const luminance = ([r, g, b]) => {
      const linear = (c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const solidBehind = (element) => {
      for (let at = element; at; at = at.parentElement) {
        const color = getComputedStyle(at).backgroundColor;
        if (channels(color)[3] !== 0) return color;
      }
      return 'rgb(255, 255, 255)';
    };
    for (const element of document.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (!style.backgroundImage.includes('gradient')) continue;
      const base = solidBehind(element);
      const stops = (style.backgroundImage.match(/rgba?\\([^)]*\\)/g) || []).map((stop) =>
        over(stop, base),
      );
      if (stops.length === 0) continue;
      const text = luminance(channels(style.color));
      const nearest = stops.reduce((best, stop) =>
        Math.abs(luminance(stop) - text) < Math.abs(luminance(best) - text) ? stop : best,
      );
      element.style.setProperty('background-image', 'none', 'important');
      element.style.setProperty(
        'background-color',
        'rgb(' + nearest.map(Math.round).join(', ') + ')',
        'important',
      );
    }
  })()`);
}
