/**
 * A private Redis Cluster on this machine, for tests and the fault suite: `redis-server` in
 * cluster mode on free local ports, nothing written to disk but its nodes file (in a temporary
 * folder removed on stop), made a cluster by `redis-cli --cluster create`.
 *
 *   const cluster = await startRedisCluster();      // 3 masters, 3 replicas
 *   env.REDIS_CLUSTER_NODES = cluster.nodes;
 *   await cluster.killMaster();                      // SIGKILL; its replica takes over
 *   await cluster.stop();
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Each node also listens on its port + 10000 (the cluster bus), which must be free too. */
const BUS_OFFSET = 10_000;

interface Node {
  port: number;
  child: ChildProcess;
  output: string;
}

export interface RedisCluster {
  /** For REDIS_CLUSTER_NODES: every node, host:port, comma separated. */
  readonly nodes: string;
  readonly ports: number[];
  /** SIGKILLs one master (the first one listed, unless named) and answers its port. */
  killMaster(port?: number): Promise<number>;
  /** Until every live node says cluster_state:ok and every replica is in sync with its master. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** The ports of the masters, as the live nodes see them now. */
  masters(): Promise<number[]>;
  /** Stops every process started, and removes the folder. */
  stop(): Promise<void>;
}

async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports below 55536 whose bus port is free as well, none of them in `taken`. */
async function clusterPort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (taken.has(port) || taken.has(port + BUS_OFFSET) || taken.has(port - BUS_OFFSET)) continue;
    if ((await portFree(port)) && (await portFree(port + BUS_OFFSET))) return port;
  }
}

async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
    timeout: 5000,
  });
  return stdout;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export async function startRedisCluster({
  masters = 3,
  replicasPerMaster = 1,
} = {}): Promise<RedisCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'redis-cluster-'));
  const nodes: Node[] = [];
  const killed = new Set<number>();

  const stop = async () => {
    await Promise.all(
      nodes.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }),
    );
    await rm(dir, { recursive: true, force: true });
  };

  const live = () => nodes.filter((node) => !killed.has(node.port));

  const masterPorts = async () => {
    // Each line: id host:port@bus flags master-id ...; flags hold "master" or "slave".
    const text = await cli(live()[0]!.port, 'cluster', 'nodes');
    return text
      .split('\n')
      .filter((line) => / (myself,)?master /.test(line) && !line.includes('fail'))
      .map((line) => Number(/:(\d+)@/.exec(line)![1]));
  };

  const waitHealthy = (timeoutMs = 30_000) =>
    until(
      'the Redis Cluster to be healthy',
      async () => {
        for (const { port } of live()) {
          if (!(await cli(port, 'cluster', 'info')).includes('cluster_state:ok')) return false;
          const replication = await cli(port, 'info', 'replication');
          if (replication.includes('role:slave') && !replication.includes('master_link_status:up'))
            return false;
        }
        return (await masterPorts()).length === masters;
      },
      timeoutMs,
    );

  try {
    const taken = new Set<number>();
    for (let i = 0; i < masters * (1 + replicasPerMaster); i++) {
      const port = await clusterPort(taken);
      taken.add(port);
      // No persistence: the nodes file is all a node writes.
      const child = spawn(
        'redis-server',
        [
          '--port', String(port),
          '--bind', '127.0.0.1',
          '--cluster-enabled', 'yes',
          '--cluster-config-file', `nodes-${port}.conf`,
          '--cluster-node-timeout', '1000',
          '--appendonly', 'no',
          '--save', '',
          '--dir', dir,
          '--daemonize', 'no',
        ], // prettier-ignore
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const node: Node = { port, child, output: '' };
      const append = (chunk: Buffer) => (node.output += chunk.toString());
      child.stdout!.on('data', append);
      child.stderr!.on('data', append);
      nodes.push(node);
    }
    for (const node of nodes) {
      await until(
        `redis-server on ${node.port} to listen`,
        async () => {
          if (node.child.exitCode !== null) throw new Error(`redis-server exited:\n${node.output}`);
          return node.output.includes('Ready to accept connections');
        },
        10_000,
      );
    }
    await run(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...nodes.map((node) => `127.0.0.1:${node.port}`),
        '--cluster-replicas',
        String(replicasPerMaster),
        '--cluster-yes',
      ],
      { timeout: 30_000 },
    );
    await waitHealthy();
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    nodes: nodes.map((node) => `127.0.0.1:${node.port}`).join(','),
    ports: nodes.map((node) => node.port),
    async killMaster(port) {
      const victim = port ?? (await masterPorts())[0]!;
      const node = nodes.find((candidate) => candidate.port === victim)!;
      killed.add(victim);
      const exited = new Promise((resolve) => node.child.once('exit', resolve));
      node.child.kill('SIGKILL');
      await exited;
      return victim;
    },
    waitHealthy,
    masters: masterPorts,
    stop,
  };
}
