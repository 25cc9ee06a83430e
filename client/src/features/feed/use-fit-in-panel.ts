import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** Hides the last list items until the panel's content fits its height. */
function fit(panel: HTMLElement | null): void {
  if (!panel) return;
  const sections = [...panel.querySelectorAll<HTMLElement>('[data-fit-section]')];
  const items = [...panel.querySelectorAll<HTMLElement>('[data-fit-item]')];
  for (const node of [...sections, ...items]) node.hidden = false;
  const overflows = () => panel.scrollHeight > panel.clientHeight + 1;
  for (const item of items.reverse()) {
    if (!overflows()) return;
    item.hidden = true;
    const section = item.closest<HTMLElement>('[data-fit-section]');
    const rest = section ? [...section.querySelectorAll<HTMLElement>('[data-fit-item]')] : [];
    if (section && rest.every((other) => other.hidden)) section.hidden = true;
  }
}

/**
 * Drops the last list items that do not fit in the panel, whole: a card cut in half at the
 * bottom of a stream looks broken. The oldest of the latest requests go first, then the end of
 * Up next; a list left empty takes its heading with it. Runs after every render and when the
 * window is resized (a browser source resized in OBS).
 */
export function useFitInPanel(panel: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => fit(panel.current));
  useEffect(() => {
    const onResize = () => fit(panel.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [panel]);
}
