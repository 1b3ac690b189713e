/**
 * A TCP proxy on loopback that the fault tests put between the server and PostgreSQL, so the
 * test can cut the database off and bring it back without touching the real database server.
 */
import net from 'node:net';

export type CutMode =
  /** connections stay open but no byte passes either way; new connections are accepted and ignored */
  | 'blackhole'
  /** every connection is reset and the port stops listening: connecting fails at once */
  | 'refuse';

export interface DbProxy {
  port: number;
  cut(mode: CutMode): Promise<void>;
  /** Forwards again; connections held by a blackhole are reset, as a restarted database would. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | undefined;
}

export async function startProxy(target: { host: string; port: number }): Promise<DbProxy> {
  let mode: 'pass' | CutMode = 'pass';
  const pairs = new Set<Pair>();

  const reset = (pair: Pair) => {
    pair.client.resetAndDestroy();
    pair.upstream?.resetAndDestroy();
    pairs.delete(pair);
  };

  const onConnection = (client: net.Socket) => {
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode !== 'pass') {
      // accepted, never answered
      client.pause();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };

  let server = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    async cut(m) {
      mode = m;
      if (m === 'blackhole') {
        for (const { client, upstream } of pairs) {
          client.unpipe();
          upstream?.unpipe();
          client.pause();
          upstream?.pause();
        }
        return;
      }
      for (const pair of [...pairs]) reset(pair);
      await stopListening();
    },
    async restore() {
      const wasRefusing = mode === 'refuse';
      for (const pair of [...pairs]) reset(pair);
      mode = 'pass';
      if (wasRefusing) {
        server = net.createServer(onConnection);
        await listen(port);
      }
    },
    async close() {
      for (const pair of [...pairs]) reset(pair);
      if (server.listening) await stopListening();
    },
  };
}
