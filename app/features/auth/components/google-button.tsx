import { Button } from '../../../ui/button.tsx';
import type { ConnectionGate } from '../../../ui/needs-connection.tsx';
import { continueWithGoogle } from '../queries.ts';

/**
 * Navigates the browser to /api/auth/google (D4: stays visible even when the server has no Google credentials).
 * Offline it is disabled by the form's gate and described by the form's note.
 */
export function GoogleButton({ gate }: { gate: ConnectionGate }) {
  return (
    <Button variant="outline" fullWidth onClick={continueWithGoogle} {...gate.buttonProps}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M21.35 11.1H12v2.98h5.35c-.23 1.4-1.63 4.1-5.35 4.1-3.22 0-5.85-2.67-5.85-5.95S8.78 6.28 12 6.28c1.83 0 3.06.78 3.76 1.45l2.56-2.47C16.68 3.73 14.54 2.8 12 2.8 6.92 2.8 2.8 6.92 2.8 12s4.12 9.2 9.2 9.2c5.31 0 8.83-3.73 8.83-8.99 0-.6-.07-1.06-.15-1.51Z"
        />
      </svg>
      Continue with Google
    </Button>
  );
}
