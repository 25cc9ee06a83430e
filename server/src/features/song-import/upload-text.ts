import { TextDecoder } from 'node:util';

/**
 * An upload's bytes as text, a chunk at a time. Files come from everywhere: UTF-8 with or without
 * a byte-order mark, "Unicode text" exports (UTF-16 with a mark), and older spreadsheet apps
 * writing Windows-1252. Text that is not valid UTF-8 is read as Windows-1252 from the chunk
 * where that shows (in such a file, its first accented letter), so "Café" stays "Café".
 */
export class UploadDecoder {
  private decoder: TextDecoder | undefined;
  private utf8 = false;
  /** UTF-8 only: the start of a character cut at the end of the last chunk. */
  private carry = new Uint8Array(0);
  private first = true;

  write(chunk: Uint8Array): string {
    if (!this.decoder) this.choose(chunk);
    if (!this.utf8) return this.decoder!.decode(chunk, { stream: true });
    const bytes = this.carry.length === 0 ? chunk : concat(this.carry, chunk);
    const complete = completeLength(bytes);
    this.carry = bytes.slice(complete);
    return this.decodeUtf8(bytes.subarray(0, complete));
  }

  end(): string {
    if (!this.decoder) return '';
    if (!this.utf8) return this.decoder.decode();
    const rest = this.carry;
    this.carry = new Uint8Array(0);
    return rest.length === 0 ? '' : this.decodeUtf8(rest);
  }

  private choose(chunk: Uint8Array): void {
    if (chunk[0] === 0xff && chunk[1] === 0xfe) this.decoder = new TextDecoder('utf-16le');
    else if (chunk[0] === 0xfe && chunk[1] === 0xff) this.decoder = new TextDecoder('utf-16be');
    else {
      this.utf8 = true;
      this.decoder = new TextDecoder('windows-1252');
    }
  }

  private decodeUtf8(bytes: Uint8Array): string {
    // Only the file's first chunk may start with a byte-order mark, which is dropped.
    const ignoreBOM = !this.first;
    this.first = false;
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM }).decode(bytes);
    } catch {
      this.utf8 = false;
      const rest = concat(bytes, this.carry);
      this.carry = new Uint8Array(0);
      return this.decoder!.decode(rest, { stream: true });
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** How many leading bytes end on a whole UTF-8 character: a cut sequence waits for the next chunk. */
function completeLength(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 3); i--) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) === 0x80) continue;
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return i + size > bytes.length ? i : bytes.length;
  }
  return bytes.length;
}
