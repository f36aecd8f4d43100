/** Vitest: the unit tests in tests/unit (data, plugins, helpers, build checks). */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Build-failure tests run small Docusaurus builds, which take seconds each.
    testTimeout: 20_000,
    hookTimeout: 180_000,
  },
});
