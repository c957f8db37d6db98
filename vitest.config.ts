import { defineConfig } from 'vitest/config';
import { OutageFirst } from './test/setup/sequencer';

// One runner for every tier. The `cloud` project shares one local cloud (started by its global
// setup on free ports with a temporary data dir) between the integration and browser tests.
export default defineConfig({
  test: {
    // The lockfile pins SDK versions that support Node 20; their notice about later versions is noise here.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    reporters: ['default', './test/summary-reporter.ts'],
    // Two files at a time, whatever the core count says (Vitest's default is one on two cores): a
    // browser or cloud test spends about half its time waiting on the product, and the files share
    // nothing but the local cloud, whose rows, mails and objects each test keeps to its own tenant.
    maxWorkers: 2,
    sequence: { sequencer: OutageFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'web/build/**/*.test.ts',
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
          globalSetup: ['./test/setup/local-cloud.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
