import type { UploadText } from './upload-reader.ts';

/**
 * An upload's text pulled a chunk at a time for the song file thread, each chunk kept once read:
 * should the thread die halfway, the file is read again here from its start (`replay`), the
 * rest of it still coming from the upload. What is kept is at most the file (5 MB), for as long
 * as its import runs.
 */
export interface PulledText {
  /** The next chunk (one pull at a time: a second call before the first settles shares it). */
  pull(): Promise<IteratorResult<string>>;
  /** The whole text from its start: the chunks pulled so far, then the rest as it comes. */
  replay(): UploadText;
  /** Stops reading the upload (what a parser that stops early does to its text). */
  stop(): Promise<void>;
}

export function pulledText(text: UploadText): PulledText {
  const upload = text[Symbol.asyncIterator]();
  const chunks: string[] = [];
  let ended = false;
  /** The upload's own error (over the size cap, cut off), given to every later reader too. */
  let failure: { error: unknown } | undefined;
  let pending: Promise<IteratorResult<string>> | undefined;

  const pull = () =>
    failure
      ? Promise.reject(failure.error)
      : (pending ??= upload.next().then(
          (next) => {
            pending = undefined;
            if (next.done) ended = true;
            else chunks.push(next.value);
            return next;
          },
          (error: unknown) => {
            pending = undefined;
            failure = { error };
            throw error;
          },
        ));

  const stop = async () => {
    await upload.return?.();
  };

  async function* replay(): AsyncGenerator<string> {
    try {
      for (let index = 0; ;) {
        if (index < chunks.length) yield chunks[index++]!;
        else if (failure) throw failure.error;
        else if (ended) return;
        else await pull();
      }
    } finally {
      await stop();
    }
  }

  return { pull, replay, stop };
}
