import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every file under `dir` with the identity of its data (inode, size, mtime): a file a build
 * rewrote, even with the same bytes, shows up as changed. The build tests compare two of these.
 */
export async function fileIdentities(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path);
    files[path] = `${info.ino} ${info.size} ${info.mtimeMs}`;
  }
  return files;
}
