// How many responses of a given size this machine can carry with nothing else to do: a bare
// Fastify route that sends a ready buffer, loaded by autocannon exactly as `npm run bench` loads
// the dashboard (50 connections). The ceiling a large detail list meets, whatever the app does.
//   npx tsx scripts/bench/transport.ts [--seconds 10]

import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { runLoad } from './load';

const SIZES_KB = [1, 16, 64, 256];

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
  const seconds = Number(values.seconds);
  const app = Fastify();
  for (const kb of SIZES_KB) {
    // Random bytes do not compress: sent as they are, like an already gzipped body.
    const body = randomBytes(kb * 1024);
    app.get(`/bytes/${kb}`, (_req, reply) => {
      reply.type('application/json').header('content-encoding', 'gzip').send(body);
    });
  }
  const url = await app.listen({ port: 3299, host: '127.0.0.1' });
  console.log(`| body | req/s | p50 | p99 |\n|---|---|---|---|`);
  try {
    for (const kb of SIZES_KB) {
      await runLoad(url, `/bytes/${kb}`, null, 2, 50);
      const r = await runLoad(url, `/bytes/${kb}`, null, seconds, 50);
      console.log(
        `| ${kb} KB | ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms |`,
      );
    }
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
