import { useId } from 'react';
import { css } from '../../styled-system/css';
import { useOnlineStatus } from '../lib/online-status.ts';

export type ConnectionGate = {
  /** True while the browser says it has no connection. */
  offline: boolean;
  /** Spread on the action's button: disabled offline and described by the note, untouched online. */
  buttonProps: { disabled?: true; 'aria-describedby'?: string };
  /** Id of the note that says why; pass it to <NeedsConnectionNote>. */
  noteId: string;
};

/**
 * An action that needs the network (paying, signing in) is disabled while offline and says why beside it (D16),
 * instead of failing only once pressed. Actions that go through the outbox (the waiver, messages) never use this.
 */
export function useConnectionGate(): ConnectionGate {
  const online = useOnlineStatus();
  const noteId = useId();
  return { offline: !online, buttonProps: online ? {} : { disabled: true, 'aria-describedby': noteId }, noteId };
}

/** The line under a gated action: "You are offline. {action} needs a connection." Renders nothing online. */
export function NeedsConnectionNote({ gate, action }: { gate: ConnectionGate; action: string }) {
  if (!gate.offline) return null;
  return (
    <p id={gate.noteId} className={noteClass}>
      You are offline. {action} needs a connection.
    </p>
  );
}

const noteClass = css({ textStyle: 'sm', color: 'fg.muted', mt: '2' });
