import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // RuleTester and the CLI end-to-end tests spawn ESLint; keep workers within the 2-core CI budget.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
