/**
 * The requester's name and email, remembered on this phone: a person requests several songs a
 * night and types them once.
 */
export interface Requester {
  name: string;
  email: string;
}

const KEY = 'song-requests:requester';

export function recallRequester(storage: Pick<Storage, 'getItem'> = localStorage): Requester {
  try {
    const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<Requester> | null;
    return {
      name: typeof stored?.name === 'string' ? stored.name : '',
      email: typeof stored?.email === 'string' ? stored.email : '',
    };
  } catch {
    return { name: '', email: '' };
  }
}

export function rememberRequester(
  requester: Requester,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(KEY, JSON.stringify(requester));
  } catch {
    // Refused storage: they type it again next time.
  }
}
