/**
 * Musicians' devices for the benchmarks: Socket.IO clients spread over worker processes
 * (device-worker.ts), each signed in as a musician, noting when each benchmark request arrives.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface DeviceFleet {
  workers: ChildProcess[];
  connected: number;
}

/** A device: where it connects, its token, and the musician it names as the app's client does. */
export interface BenchDevice {
  url: string;
  token: string;
  musicianId?: string;
}

/** One device a (url, token) pair, spread over `workerCount` processes. */
export async function connectDevices(
  devices: BenchDevice[],
  workerCount: number,
): Promise<DeviceFleet> {
  const workers = Array.from({ length: workerCount }, () =>
    fork(join(import.meta.dirname, 'device-worker.ts'), { stdio: 'inherit' }),
  );
  const plans: Array<typeof devices> = workers.map(() => []);
  devices.forEach((device, n) => plans[n % workerCount]!.push(device));
  const connected = await Promise.all(
    workers.map(
      (worker, i) =>
        new Promise<number>((resolve) => {
          worker.once('message', (message: { connected: number }) => resolve(message.connected));
          worker.send({ type: 'start', devices: plans[i] });
        }),
    ),
  );
  return { workers, connected: connected.reduce((a, b) => a + b, 0) };
}

export function stopDevices(fleet: DeviceFleet) {
  return Promise.all(
    fleet.workers.map((worker) => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.send({ type: 'stop' });
      return exited;
    }),
  );
}

/** Every arrival noted since the last call: benchmark sequence number to arrival times (ns). */
export async function collectArrivals(fleet: DeviceFleet): Promise<Map<number, bigint[]>> {
  const bySeq = new Map<number, bigint[]>();
  const batches = await Promise.all(
    fleet.workers.map(
      (worker) =>
        new Promise<Array<[number, string]>>((resolve) => {
          worker.once('message', (message: { arrivals: Array<[number, string]> }) =>
            resolve(message.arrivals),
          );
          worker.send({ type: 'flush' });
        }),
    ),
  );
  for (const [seq, at] of batches.flat()) {
    const list = bySeq.get(seq) ?? [];
    list.push(BigInt(at));
    bySeq.set(seq, list);
  }
  return bySeq;
}
