import { defineConfig } from 'vitest/config';

// API and database tests run in Node against a real migrated libSQL file (edge/test/app.ts); app/ holds only
// pure-logic unit tests here, the browser is Playwright's job (e2e/).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['edge/**/*.test.ts', 'db/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**', 'dist-worker/**', 'dist-server/**', '.tmp/**'],
    // Separate processes: each test file gets its own module state (clocks, rate-limit memory, libSQL handles).
    pool: 'forks',
    // Vitest's default for a run is one worker fewer than the cores: one on CI's two. The files mostly wait (scrypt on
    // libuv's threads, the database file), so two run side by side in about half the time.
    maxWorkers: '100%',
    // scrypt at OWASP cost is ~300 ms a hash; a test that registers and signs in several users needs headroom.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    watch: false,
    // A stray `.only` would quietly skip every other test, on a laptop as on CI.
    allowOnly: false,
    restoreMocks: true,
  },
});
