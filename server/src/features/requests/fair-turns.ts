import { TONIGHT_HOURS } from '#shared/wait-estimate.ts';

// The 'fair' order's rounds: one request per person per round, each round in arrival order. A
// person is who the limits count (submissions/same-requester.ts): the same email (case aside) or
// the same phone, so a request sent with the email from one phone and then without it from the
// same phone is one person. A turn already taken tonight (Up Next, or played within the last
// FAIR_TURNS_HOURS of the same show) counts as that person's round, so a person whose song was
// just played does not jump back ahead of the others with their second request.

/** Who asked, as the queue reads it: enough to tell one person from another. */
export interface Asker {
  requesterEmail: string;
  deviceId: string;
  showId: string | null;
}

/** A request of a person that already had its turn: Up Next now, or played tonight. */
export type TakenTurn = Asker;

/** How far back a played request counts as a turn taken: one night. */
export const FAIR_TURNS_HOURS = TONIGHT_HOURS;

/** Union-find over emails and phones: the people among `askers`, one root per person. */
function peopleOf(askers: readonly Asker[]): (asker: Asker) => string {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(key, root);
    return root;
  };
  const keysOf = (asker: Asker, index: number) => {
    const keys: string[] = [];
    const email = asker.requesterEmail.trim().toLowerCase();
    if (email !== '') keys.push(`e:${email}`);
    if (asker.deviceId !== '') keys.push(`d:${asker.deviceId}`);
    // Neither known: a person of their own.
    return keys.length > 0 ? keys : [`n:${index}`];
  };
  const keyed = askers.map((asker, i) => keysOf(asker, i));
  for (const keys of keyed) {
    for (const key of keys) if (!parent.has(key)) parent.set(key, key);
    for (const key of keys.slice(1)) {
      const [a, b] = [find(keys[0]!), find(key)];
      if (a !== b) parent.set(b, a);
    }
  }
  const personOf = new Map(askers.map((asker, i) => [asker, find(keyed[i]![0]!)]));
  return (asker) => personOf.get(asker)!;
}

/**
 * Each waiting request's round (1 = the person's first turn): the turns its person already took
 * in its show, plus their waiting requests before it in `waiting`: the order turns are given
 * in (paid first, then oldest first, ties by id).
 */
export function fairRounds<T extends Asker & { id: string }>(
  waiting: readonly T[],
  taken: readonly TakenTurn[],
): Map<string, number> {
  const person = peopleOf([...waiting, ...taken]);
  const turns = new Map<string, number>();
  const showKey = (asker: Asker, who: string) => `${asker.showId ?? ''}|${who}`;
  for (const turn of taken) {
    const key = showKey(turn, person(turn));
    turns.set(key, (turns.get(key) ?? 0) + 1);
  }
  const rounds = new Map<string, number>();
  for (const request of waiting) {
    const key = showKey(request, person(request));
    const round = (turns.get(key) ?? 0) + 1;
    turns.set(key, round);
    rounds.set(request.id, round);
  }
  return rounds;
}
