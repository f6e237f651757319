import type { ReactNode } from 'react';
import { useHydrationDone } from '../lib/render-env.ts';

/**
 * True once this component runs in the browser outside the hydration of a server-rendered page (ADR 027). React
 * answers from the server snapshot for every part it hydrates, however late that part hydrates, so a decision made
 * with this never differs from the server's HTML.
 */
export function useHydrated(): boolean {
  return useHydrationDone();
}

/**
 * Renders its children only in the browser, once a server-rendered page has hydrated (ADR 027): for parts that
 * depend on the browser (portals into <body>, storage) and have nothing to show in the first paint. In an app
 * rendered by the browser alone they render at once.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
