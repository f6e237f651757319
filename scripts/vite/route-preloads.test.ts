import { describe, expect, it } from 'vitest';
import { routeIdsByFile, routePreloadMap } from './route-preloads.ts';

const routeTree = `
import { Route as rootRouteImport } from './routes/__root'
import { Route as TournamentsIndexRouteImport } from './routes/tournaments.index'
import { Route as TeamsIdRouteImport } from './routes/teams_.$id'

const TournamentsIndexRoute = TournamentsIndexRouteImport.update({
  id: '/tournaments/',
  path: '/tournaments/',
  getParentRoute: () => rootRouteImport,
} as any)
const TeamsIdRoute = TeamsIdRouteImport.update({
  id: '/teams_/$id',
  path: '/teams/$id',
  getParentRoute: () => rootRouteImport,
} as any)
`;

const manifest = {
  'index.html': { file: 'assets/index-A.js', src: 'index.html', isEntry: true, imports: ['_shared-B.js'] },
  '_shared-B.js': { file: 'assets/shared-B.js' },
  '_tabs-C.js': { file: 'assets/tabs-C.js', imports: ['_shared-B.js'] },
  '_tabs-C.css': { file: 'assets/tabs-C.css' },
  'app/routes/tournaments.index.tsx?tsr-split=component---pendingComponent': {
    file: 'assets/tournaments.index-D.js',
    src: 'app/routes/tournaments.index.tsx?tsr-split=component---pendingComponent',
    imports: ['_tabs-C.js', 'index.html'],
  },
  'app/routes/teams_.$id.tsx?tsr-split=errorComponent': {
    file: 'assets/teams_.$id-E.js',
    src: 'app/routes/teams_.$id.tsx?tsr-split=errorComponent',
  },
};

describe('route preloads', () => {
  it('reads each route file’s id from the generated route tree', () => {
    expect(routeIdsByFile(routeTree)).toEqual(
      new Map([
        ['tournaments.index', '/tournaments/'],
        ['teams_.$id', '/teams_/$id'],
      ]),
    );
  });

  it('lists a screen’s chunk and its static imports, never what every page loads already nor an error screen', () => {
    const html = '<script type="module" crossorigin src="/assets/index-A.js"></script>';
    expect(routePreloadMap(manifest, routeTree, html)).toEqual({
      '/tournaments/': ['/assets/tournaments.index-D.js', '/assets/tabs-C.js'],
    });
  });

  it('counts the app the first script imports (app/boot.ts -> app/main.tsx, ADR 044) as loaded by every page', () => {
    const booted = {
      'index.html': { file: 'assets/index-A.js', src: 'index.html', isEntry: true, dynamicImports: ['app/main.tsx'] },
      'app/main.tsx': { file: 'assets/main-M.js', src: 'app/main.tsx', imports: ['_shared-B.js'] },
      '_shared-B.js': { file: 'assets/shared-B.js' },
      '_tabs-C.js': { file: 'assets/tabs-C.js', imports: ['_shared-B.js'] },
      'app/routes/tournaments.index.tsx?tsr-split=component---pendingComponent': {
        file: 'assets/tournaments.index-D.js',
        src: 'app/routes/tournaments.index.tsx?tsr-split=component---pendingComponent',
        imports: ['_tabs-C.js', 'app/main.tsx'],
      },
    };
    const html = '<script type="module" crossorigin src="/assets/index-A.js"></script>';
    expect(routePreloadMap(booted, routeTree, html)).toEqual({
      '/tournaments/': ['/assets/tournaments.index-D.js', '/assets/tabs-C.js'],
    });
  });
});
