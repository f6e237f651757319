import type { ReactNode } from 'react';
import { useHydrated } from '../lib/render-env.ts';

// Browser-only parts of a server-rendered page build on useHydrated (ADR 027).
export { useHydrated };

/**
 * Renders its children only in the browser, once a server-rendered page has hydrated (ADR 027): for parts that
 * depend on the browser (portals into <body>, storage) and have nothing to show in the first paint. In an app
 * rendered by the browser alone they render at once.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
