import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The public API's reference page (/api/v1/docs, edge/v1/docs.ts) runs Swagger UI from our own origin: this copies
 * swagger-ui-dist's bundle and stylesheet (with its licence and notice, Apache-2.0) and the page's own start-up
 * script and stylesheet into the client build under /vendor/swagger-ui/. They are files of the build, served as the
 * app's are on both hosts (the Worker's assets included), and kept out of the precache (vite.config.ts).
 */
export function apiReferenceFiles(pageFiles: string): Plugin {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files: Record<string, string> = {
    'swagger-ui-bundle.js': join(dist, 'swagger-ui-bundle.js'),
    'swagger-ui-bundle.js.LICENSE.txt': join(dist, 'swagger-ui-bundle.js.LICENSE.txt'),
    'swagger-ui.css': join(dist, 'swagger-ui.css'),
    LICENSE: join(dist, 'LICENSE'),
    NOTICE: join(dist, 'NOTICE'),
    'docs.js': join(pageFiles, 'docs.js'),
    'docs.css': join(pageFiles, 'docs.css'),
  };
  return {
    name: 'wta:api-reference-files',
    apply: 'build',
    generateBundle() {
      for (const [name, path] of Object.entries(files)) {
        this.emitFile({ type: 'asset', fileName: `vendor/swagger-ui/${name}`, source: readFileSync(path) });
      }
    },
  };
}
