/**
 * HAProxy in front of the app processes, with the deployment's own configuration
 * (deploy/haproxy.cfg): only the addresses differ, given through its environment variables.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isHealthy, startChild, stopChild, waitFor, type Child } from './processes.ts';

const CONFIG = join(import.meta.dirname, '../../deploy/haproxy.cfg');
// Debian installs it in /usr/sbin, which a non-root PATH may lack.
const HAPROXY =
  process.env.HAPROXY || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');

export interface Balancer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startBalancer(port: number, backends: [string, string]): Promise<Balancer> {
  // -db: stay in the foreground, so the suite owns the process and sees its log.
  const child: Child = startChild(HAPROXY, ['-db', '-f', CONFIG], {
    BALANCER_BIND: `127.0.0.1:${port}`,
    APP1_ADDR: backends[0],
    APP2_ADDR: backends[1],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor('haproxy to pass requests to a healthy app', () => {
    if (child.proc.exitCode !== null) throw new Error(`haproxy exited:\n${child.output()}`);
    return isHealthy(url);
  });
  return { url, output: child.output, stop: () => stopChild(child, 'SIGTERM') };
}
