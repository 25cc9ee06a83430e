/**
 * The arithmetic of a list that renders only the rows near the screen: where each row starts,
 * and which rows overlap a stretch of the page. Pure, so it is tested without a browser.
 */

/** offsets[i] is where row i starts; offsets[count] is the list's whole height. */
export function rowOffsets(count: number, sizeOf: (index: number) => number): Float64Array {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i += 1) offsets[i + 1] = offsets[i]! + sizeOf(i);
  return offsets;
}

export type RowRange = readonly [start: number, end: number];

/** The rows (start inclusive, end exclusive) overlapping [top, bottom) of the list. */
export function visibleRange(offsets: Float64Array, top: number, bottom: number): RowRange {
  const count = offsets.length - 1;
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle + 1]! <= top) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < count && offsets[end]! < bottom) end += 1;
  return [low, end];
}
