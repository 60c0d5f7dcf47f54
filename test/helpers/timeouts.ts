/**
 * Time limits exist to turn a hang into a failure, never to measure speed: CI runs on loaded
 * 2-core machines, where a test that takes 25 s alone can take four times as long. Tests that
 * start Node processes, build a TypeScript program or lint a whole example project get this one;
 * the rest run under vitest.config.ts's default.
 */
export const SLOW_TEST_TIMEOUT = 10 * 60_000;
