import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { serverProcesses } from './cpu';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export interface ServerOptions {
  /** a built server's dist/cli.js */
  entry: string;
  dataDir: string;
  /** PostgreSQL's, or none for SQLite in dataDir */
  databaseUrl?: string | undefined;
  workers: number;
  metricsToken: string;
  /** Node.js options for the server's processes (BENCH_NODE_ARGS) */
  nodeArgs?: string[];
}

/**
 * A server as the benchmarks run it (no web app, warnings only), on a free port, answered once its
 * health check passes and every worker is up (a supervisor with its children), not just the first.
 */
export async function startServer(o: ServerOptions): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const server = spawn(process.execPath, [...(o.nodeArgs ?? []), o.entry, 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      WORKERS: String(o.workers),
      METRICS_TOKEN: o.metricsToken,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 150) throw new Error(`${o.entry}: the server did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  while (o.workers > 1 && serverProcesses(server.pid!).length < o.workers + 1)
    await new Promise((r) => setTimeout(r, 100));
  return { server, base };
}
