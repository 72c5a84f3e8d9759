import { defineConfig } from 'vitest/config';

/**
 * `npm run test:stress`: slow suites that start the real stack as `npm start` runs it, in child
 * processes on ports 9140-9169 (9160-9169: hostile-scale.test.ts), so they need no shared template database. One file at a time:
 * each one measures, and two would share the machine's cores and skew each other's figures.
 */
export default defineConfig({
  test: {
    name: 'stress',
    environment: 'node',
    include: ['tests/stress/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 480_000,
    hookTimeout: 180_000,
  },
});
