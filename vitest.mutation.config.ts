import { defineConfig } from 'vitest/config';

/*
 * The tests StrykerJS runs against each mutant (`npm run mutation`, decision 1371): the server's fast tier
 * only, no PostgreSQL, so a mutant costs milliseconds. A module under mutation must be covered here.
 */
export default defineConfig({
  test: {
    include: ['packages/server/src/**/*.unit.test.ts'],
    testTimeout: 30_000,
  },
});
