import { lazy, Suspense, type ComponentProps } from 'react';

const BroadcastViewImpl = lazy(() => import('./broadcast-view.tsx'));

/**
 * D45's broadcast view, loaded by its route's screen: its code, and what it shares with the Bracket tab (the
 * standings' helpers), stay out of the route table's list of files, which every page's first load carries.
 */
export function BroadcastView(props: ComponentProps<typeof BroadcastViewImpl>) {
  return (
    <Suspense fallback={<p role="status">Loading the broadcast view</p>}>
      <BroadcastViewImpl {...props} />
    </Suspense>
  );
}
