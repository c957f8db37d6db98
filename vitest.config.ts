import { defineConfig } from 'vitest/config';

// One runner for every tier. The `cloud` projects share one local cloud (started by their global
// setup on free ports with a temporary data dir) between the integration and browser tests.

// Tests that read or change what every test shares run alone, after the rest: the dead-letter queues
// (a receive hides another test's parked message; `npm run dlq -- redrive` moves them all) and the
// plan catalogue (a plan added for a moment shows on every pricing page).
const alone = [
  'test/integration/dead-letter.test.ts',
  'test/integration/job-failures.test.ts',
  'test/integration/plans.test.ts',
];

export default defineConfig({
  test: {
    // Two files at a time, even on two cores: most of a cloud or browser test is spent waiting for
    // the local cloud, Chromium or the chain, so one file alone leaves the machine half idle.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // The lockfile pins SDK versions that support Node 20; their notice about later versions is noise here.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'test/lint/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        // Dependency outages during an issue-and-send run (slow: about four minutes). Each file starts
        // its own product as a child process, with the outage controls (infra/local/outages.ts).
        test: {
          name: 'outage',
          include: ['test/outage/**/*.test.ts'],
          testTimeout: 360_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'cloud',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          exclude: alone,
          globalSetup: ['./test/setup/local-cloud.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'cloud-alone',
          include: alone,
          globalSetup: ['./test/setup/local-cloud.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
