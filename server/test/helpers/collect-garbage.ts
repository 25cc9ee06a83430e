import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full collection on demand, without starting Vitest's workers with --expose-gc.
setFlagsFromString('--expose-gc');
export const collectGarbage = runInNewContext('gc') as () => void;
