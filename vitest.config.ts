import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // RuleTester and the CLI end-to-end tests spawn ESLint; keep workers within the 2-core CI budget.
    maxWorkers: 2,
    // Limits catch hangs; they must hold on a loaded machine (test/helpers/timeouts.ts has the one for slow tests).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
