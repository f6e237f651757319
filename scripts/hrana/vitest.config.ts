// The project's Vitest config with the database over HTTP (over-http.setup.ts): the API tests against the Hrana
// test server. `npx vitest run --config scripts/hrana/vitest.config.ts --project tests <files>`.
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import base from '../../vitest.config.ts';

export default mergeConfig(base, {
  test: { setupFiles: [fileURLToPath(new URL('./over-http.setup.ts', import.meta.url))] },
});
