import { Component, type ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { PanelSuspense } from './lazy-panel.tsx';

const noteClass = css({
  color: 'fg.muted',
  textStyle: 'sm',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
});

interface BoundaryProps {
  label: string;
  children: ReactNode;
}

/** A code chunk that could not be fetched (offline, and never saved on this device) is a note, not a broken page. */
class ChunkBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className={noteClass} role="status">
        {this.props.label} need a connection. Reconnect and reload the page to use them.
      </p>
    );
  }
}

/**
 * A part of a screen whose code the service worker does not keep in advance (vite.config.ts's notPrecached): loaded
 * when shown, with a skeleton meanwhile, and a note instead of an error when it cannot be fetched.
 */
export function OnlinePart({ label, children }: BoundaryProps) {
  return (
    <ChunkBoundary label={label}>
      <PanelSuspense label={`Loading ${label.toLowerCase()}`}>{children}</PanelSuspense>
    </ChunkBoundary>
  );
}
