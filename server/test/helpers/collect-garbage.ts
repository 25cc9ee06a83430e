import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full collection on demand, without starting Vitest's workers with --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;
export const collectGarbage = (): void => gc();
/** A scavenge alone: what survives two is promoted to the old generation. */
export const collectYoungGarbage = (): void => gc({ type: 'minor' });
