import type { DerivedKeys } from '#server/db/derived-keys.ts';

/**
 * Where an audience submission came from, as stored to count one address's share of a
 * musician's budget: a keyed hash of the address and the musician, so the database holds no
 * address (an unkeyed hash of an IPv4 address is undone by trying all four billion) and the
 * same address cannot be followed from one musician to another.
 */
export async function submissionSource(
  keys: DerivedKeys,
  musicianId: string,
  address: string,
): Promise<string> {
  return (await keys.derive('source', musicianId, address)).toString('hex', 0, 16);
}
