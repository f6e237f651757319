// ADR 061: every feature's route file has a journey in the hosts project (edge/hosts/), run against both hosts over
// HTTP. The ADR's table says which test file covers which route file; a route file added without a row (and the
// test the row names) fails here, in the fast `tests` project, without starting any host.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const ADR = join(root, 'docs/decisions/061-the-api-over-http-on-both-hosts.md');

/** Every route file of a feature: `edge/features/**\/*routes*.ts`, tests aside. */
function routeFiles(): string[] {
  return readdirSync(join(root, 'edge/features'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)[^/]*routes[^/]*\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => relative(root, join(root, 'edge/features', file)))
    .sort();
}

/** The ADR's table: rows `| \`<route file>\` | \`<hosts test file>\` | ... |`. */
function table(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of readFileSync(ADR, 'utf8').split('\n')) {
    const match = /^\| `(edge\/features\/[^`]+)` \| `(edge\/hosts\/[^`]+\.test\.ts)` \|/.exec(line);
    if (match) rows.set(match[1]!, match[2]!);
  }
  return rows;
}

/** The route files a hosts test file declares its journeys for: `describe('<route file>', ...)`. */
function covered(testFile: string): string[] {
  return [...readFileSync(join(root, testFile), 'utf8').matchAll(/describe\('(edge\/features\/[^']+)'/g)].map((m) => m[1]!);
}

describe('the hosts project covers every route file (ADR 061)', () => {
  it("lists each route file in the ADR's table, and no other", () => {
    expect([...table().keys()].sort()).toEqual(routeFiles());
  });

  it('has the journey the table names, in the test file it names', () => {
    for (const [routes, testFile] of table()) {
      expect(existsSync(join(root, testFile)), `${testFile} (for ${routes})`).toBe(true);
      expect(covered(testFile), `${testFile} has no describe('${routes}', ...)`).toContain(routes);
    }
  });

  it('names in the table every route file a hosts test declares', () => {
    const rows = table();
    const tests = readdirSync(join(root, 'edge/hosts')).filter((file) => file.endsWith('.test.ts'));
    for (const file of tests) {
      for (const routes of covered(`edge/hosts/${file}`)) expect(rows.get(routes), routes).toBe(`edge/hosts/${file}`);
    }
  });
});
