import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` tests the pure core (src/lib) and the CLI directly, in parallel;
 * `e2e` builds archives and drives them in Chromium, one file at a time.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
