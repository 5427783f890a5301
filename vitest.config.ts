import { configDefaults, defineConfig } from 'vitest/config';

const PURE_SERVER = 'packages/server/src/**/*.pure.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        // The fast tier's web half: the shared components and pure helpers in a simulated DOM (happy-dom),
        // no server, no database, no browser. Vite's config gives it the '@/' and '@console/shared' paths.
        extends: './packages/web/vite.config.ts',
        test: {
          name: 'web-unit',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // The files are stateless (cleanup after each test): one worker's antd import serves them all.
          isolate: false,
          // Projects of one group must state the same count (vitest refuses to run otherwise).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'pmta-sim',
          include: ['packages/pmta-sim/src/**/*.test.ts'],
          testTimeout: 30_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'demo',
          include: ['packages/demo/src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The server's pure tests (no PostgreSQL, no global setup): the bounce classifier's rules and corpus.
        test: {
          name: 'server-pure',
          include: [PURE_SERVER],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, PURE_SERVER],
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['packages/web/e2e/**/*.spec.ts'],
          globalSetup: ['packages/web/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One PostgreSQL, a database per spec file: the files run side by side, two at a time (2 cores).
          pool: 'forks',
          maxWorkers: 2,
          // Two journeys share two cores with their servers and browsers: a screen may take more than
          // expect.poll's default second to settle. Waiting longer only costs time when a check fails.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
