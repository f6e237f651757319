import { beforeAll } from 'vitest';

/** The app's server renderer (app/entry-server.tsx, ADR 027), for the tests of the rendered pages. */
export const appRenderer = () => import('../../app/entry-server.tsx');

/**
 * Loads the renderer once, before the file's tests, with time of its own: loading it transforms the whole app, and
 * inside the first test it took that test past its 30 s on a CI machine running two suites side by side.
 */
export function loadAppRendererFirst(): void {
  beforeAll(async () => {
    await appRenderer();
  }, 180_000);
}
