// Vitest setup that runs the API tests against the Hrana test server instead of the embedded file: every
// openLocalDatabase('file:...') starts a server on that file and opens it over HTTP (DATABASE_URL=http://...), as the
// Worker reaches Turso. `npx vitest run --project tests --setupFiles scripts/hrana/over-http.setup.ts <files>`.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { vi } from 'vitest';

vi.mock('../../db/local.ts', async (importOriginal) => {
  const local = await importOriginal<typeof import('../../db/local.ts')>();
  const { startHranaServer } = await import('./server.ts');
  return {
    ...local,
    openLocalDatabase: async (url: string, authToken?: string) => {
      if (!url.startsWith('file:')) return local.openLocalDatabase(url, authToken);
      const file = url.slice('file:'.length);
      mkdirSync(dirname(file), { recursive: true });
      const server = await startHranaServer({ file });
      const opened = await local.openLocalDatabase(server.url);
      const close = opened.client.close.bind(opened.client);
      opened.client.close = () => {
        close();
        void server.close();
      };
      return opened;
    },
  };
});
