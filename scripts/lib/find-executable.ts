/**
 * Where a program of the machine is, found as a shell would find it (the PATH), plus the system
 * folders a non-root PATH lacks (Debian puts haproxy in /usr/sbin). The file checks are given, so
 * the search itself is a pure function the tests can hand any machine.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Folders searched after the PATH: where Debian and Ubuntu install system programs. */
const SYSTEM_FOLDERS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** An executable regular file (a name bind-mounted to /dev/null or a folder is not one). */
export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` in `pathVariable`'s folders, then the system folders. */
export function searchPath(
  name: string,
  pathVariable: string | undefined,
  isExecutable: (path: string) => boolean = isExecutableFile,
): string | undefined {
  const folders = [...(pathVariable ?? '').split(delimiter).filter(Boolean), ...SYSTEM_FOLDERS];
  return folders.map((folder) => join(folder, name)).find(isExecutable);
}

/** `name` on this machine, or undefined. */
export function findExecutable(name: string): string | undefined {
  return searchPath(name, process.env.PATH);
}

/**
 * The program `variable` names (a path, or a name looked up as above), else `name` looked up;
 * undefined where that is not an executable file.
 */
export function findProgram(name: string, variable: string): string | undefined {
  const named = process.env[variable];
  if (!named) return findExecutable(name);
  if (!named.includes('/')) return findExecutable(named);
  return isExecutableFile(named) ? named : undefined;
}
