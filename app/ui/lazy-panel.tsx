import { Suspense, type ComponentType, type ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { VisuallyHidden } from './visually-hidden.tsx';

const fallbackClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3', height: '48', mt: '2' });

/** A part of a screen whose code loads when shown: a skeleton, and a status saying what is loading, until it is. */
export function PanelSuspense({ label, children }: { label: string; children: ReactNode }) {
  const fallback = (
    <div aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <div className={fallbackClass} aria-hidden="true" />
    </div>
  );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

/** `Component` (a `lazy()` one) inside its PanelSuspense. */
export function lazyPanel<P extends object>(Component: ComponentType<P>, label: string) {
  return function LazyPanel(props: P) {
    return (
      <PanelSuspense label={label}>
        <Component {...props} />
      </PanelSuspense>
    );
  };
}
