import type { Locator, Page } from '@playwright/test';

/*
 * Geometry read in the page: what a finger would hit, what lies over what. Written as plain
 * JavaScript strings because the e2e project is typed without the DOM.
 */

/** The part of an element's box its scrolling or clipping ancestors let through (or null). */
const VISIBLE_RECT = `
function visibleRect(element) {
  // Inside a closed <details>, or hidden: not on screen, whatever its box says.
  if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return null;
  const box = element.getBoundingClientRect();
  let left = box.left, top = box.top, right = box.right, bottom = box.bottom;
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const style = getComputedStyle(parent);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = parent.getBoundingClientRect();
    left = Math.max(left, clip.left);
    top = Math.max(top, clip.top);
    right = Math.min(right, clip.right);
    bottom = Math.min(bottom, clip.bottom);
  }
  right = Math.min(right, innerWidth);
  bottom = Math.min(bottom, innerHeight);
  left = Math.max(left, 0);
  top = Math.max(top, 0);
  // A 1-pixel box is words kept for screen readers only.
  if (right - left <= 1 || bottom - top <= 1) return null;
  return { left, top, right, bottom, width: box.width, height: box.height, full: box };
}
function describe(element) {
  const words = element.getAttribute('aria-label') || element.textContent || '';
  return element.tagName.toLowerCase() + '.' + String(element.className).split(' ')[0] +
    ' "' + words.trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
}
`;

/**
 * Every control inside `scope` whose centre is on screen (not scrolled away or clipped) and
 * where something else answers a tap there: "Played under p.undo-toast". Empty when none.
 */
export function coveredControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(`(() => {
    ${VISIBLE_RECT}
    const covered = [];
    const controls = document.querySelectorAll(${JSON.stringify(scope)} +
      ' :is(button, a[href], summary, input, select, [role="switch"])');
    for (const control of controls) {
      const seen = visibleRect(control);
      if (!seen) continue;
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < seen.left || x > seen.right || y < seen.top || y > seen.bottom) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit !== control && !control.contains(hit)) {
        covered.push(describe(control) + ' under ' + (hit ? describe(hit) : 'nothing'));
      }
    }
    return covered;
  })()`);
}

/** Pairs of the elements matched by `selectors` whose visible boxes overlap; and their boxes. */
export function overlappingItems(
  page: Page,
  selectors: readonly string[],
): Promise<{ overlaps: string[]; shown: string[] }> {
  return page.evaluate(`(() => {
    ${VISIBLE_RECT}
    const items = [];
    for (const selector of ${JSON.stringify(selectors)}) {
      for (const element of document.querySelectorAll(selector)) {
        const rect = visibleRect(element);
        if (rect) items.push({ name: selector + ' ' + describe(element), rect });
      }
    }
    const overlaps = [];
    for (let i = 0; i < items.length; i += 1) {
      for (let j = i + 1; j < items.length; j += 1) {
        const a = items[i].rect, b = items[j].rect;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 0.5 && y > 0.5) overlaps.push(items[i].name + ' x ' + items[j].name);
      }
    }
    return { overlaps, shown: items.map((item) => item.name) };
  })()`);
}

/** Whether the element's whole box is on screen, none of it clipped by an ancestor. */
export function isWhollyShown(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    new Function(
      'element',
      `${VISIBLE_RECT}
      const seen = visibleRect(element);
      const box = element.getBoundingClientRect();
      return Boolean(seen) && seen.left <= box.left + 0.5 && seen.right >= box.right - 0.5 &&
        seen.top <= box.top + 0.5 && seen.bottom >= box.bottom - 0.5;`,
    ) as (element: unknown) => boolean,
  );
}

/** The text's size and whether any of it is cut (wider or taller than its box shows). */
export function textFit(locator: Locator): Promise<{ fontSize: number; cut: boolean }> {
  return locator.evaluate(
    new Function(
      'element',
      `return {
        fontSize: parseFloat(getComputedStyle(element).fontSize),
        cut: element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight + 1,
      };`,
    ) as (element: unknown) => { fontSize: number; cut: boolean },
  );
}

/**
 * Whether a one-line text ends in an ellipsis: its words, laid out whole, are wider than its box.
 * Exact to a fraction of a pixel, where scrollWidth rounds a cut of less than one pixel away.
 */
export function endsInEllipsis(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    new Function(
      'element',
      `const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().width > element.getBoundingClientRect().width + 0.01;`,
    ) as (element: unknown) => boolean,
  );
}
