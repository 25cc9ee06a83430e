/** A first-come, first-served lock: one statement or transaction on the connection at a time. */
export class WriteLock {
  #held = false;
  readonly #queue: (() => void)[] = [];

  /** Resolves once the caller holds the lock (at once, without a turn, when it is free). */
  acquire(): Promise<void> | undefined {
    if (!this.#held) {
      this.#held = true;
      return undefined;
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  /** Statements and transactions waiting for their turn (the metrics' "waiting" queries). */
  get waiting(): number {
    return this.#queue.length;
  }

  get held(): boolean {
    return this.#held;
  }

  release(): void {
    const next = this.#queue.shift();
    // Handed straight to the next in line, so nobody can slip in between.
    if (next) next();
    else this.#held = false;
  }
}
