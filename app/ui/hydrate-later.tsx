import { Suspense, useState, type ReactNode } from 'react';
import { laterPart, type LaterPart } from '../lib/later-hydration.ts';

function Gate({ part, children }: { part: LaterPart | null; children: ReactNode }) {
  if (part && !part.ready) throw part.promise;
  return children;
}

/**
 * A part of a server-rendered page that hydrates in a task of its own, after the rest (issue 12, TBT): hydrating a
 * whole page of cards at once was one long task on a phone. While the page hydrates, this part waits; Preact keeps
 * its server HTML on screen meanwhile (ADR 042), links in it work as plain links, and it hydrates a moment later,
 * in document order with the other later parts. Everywhere else (the server, a page the browser renders itself, a
 * client navigation) it renders its children at once, except that `inShell` parts also wait in the shell's first
 * render (a load the service worker answers, such as an offline launch), so its first screenful paints sooner: only
 * for parts with nothing on screen below them (lib/later-hydration.ts).
 *
 * Its children must render exactly one element: Preact keeps one DOM node for a part that waits while hydrating.
 * `defer={false}` hydrates it with the page (the first cards of a list), keeping the same tree either way.
 */
export function HydrateLater({
  children,
  defer = true,
  inShell = false,
}: {
  children: ReactNode;
  defer?: boolean;
  inShell?: boolean;
}) {
  const [part] = useState(() => (defer ? laterPart(inShell) : null));
  return (
    <Suspense fallback={null}>
      <Gate part={part}>{children}</Gate>
    </Suspense>
  );
}
