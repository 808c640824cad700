import { defineConfig } from 'vitest/config';

// Two projects: server code runs in Node against a real PostgreSQL (embedded PGlite unless
// DATABASE_URL points at a server); web code runs in jsdom.
export default defineConfig({
  test: {
    globals: true,
    // PGlite is memory-hungry and the machine has two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          globals: true,
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          // A bound for a test that hangs, not a measure of speed: on a machine whose cores other
          // work keeps busy, rendering the whole app in jsdom can take several seconds.
          testTimeout: 20_000,
          setupFiles: ['web/test-setup.ts'],
        },
      },
    ],
  },
});
