import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A loopback TCP relay to a server, for tests of a server that stops answering or goes away
 * part-way. It passes the server's data on with back-pressure, so what the client has not yet
 * taken stays with the server, and `freeze` then really leaves the client waiting.
 */
export interface TcpProxy {
  port: number;
  /** The server's data stops reaching the client; the connections stay open. */
  freeze(): void;
  /** Every connection is dropped at once, as when a server or network goes down. */
  cut(): void;
  /** Drops every connection once this many bytes of the server's have passed, from now. */
  cutAfter(bytes: number): void;
  /** Connections the client still holds open. */
  open(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let frozen = false;
  let budget = Number.POSITIVE_INFINITY;
  const cutAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
  };
  const server = createServer((client) => {
    const upstream = tcpConnect(port, host);
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream);
    if (!frozen) upstream.pipe(client);
    upstream.on('data', (chunk: Buffer) => {
      budget -= chunk.length;
      if (budget < 0) cutAll();
    });
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    freeze() {
      frozen = true;
      for (const { client, upstream } of pairs) {
        upstream.unpipe(client);
        upstream.pause();
      }
    },
    cut: cutAll,
    cutAfter(bytes) {
      budget = bytes;
    },
    open: () => pairs.size,
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
