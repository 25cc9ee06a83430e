import type { SongRequest } from '#shared/schemas/request.ts';

/**
 * A column in the order a drop left it (`held`, ids), until the server's positions arrive:
 * `items` itself when nothing is held, when the server's order already is the held one, or when
 * the column no longer holds the same requests (one arrived, left, or was played meanwhile).
 */
export function heldOrder(
  items: readonly SongRequest[],
  held: readonly string[] | null,
): readonly SongRequest[] {
  if (!held || held.length !== items.length) return items;
  if (items.every((request, index) => request.id === held[index])) return items;
  const byId = new Map(items.map((request) => [request.id, request]));
  const ordered: SongRequest[] = [];
  for (const id of held) {
    const request = byId.get(id);
    if (!request) return items;
    ordered.push(request);
  }
  return ordered;
}
