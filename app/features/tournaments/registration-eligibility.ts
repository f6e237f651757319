import {
  FANS_CANNOT_REGISTER,
  FOREIGN_ADMINS_CANNOT_REGISTER,
  registrationRoles,
} from '../../../edge/features/payments/registration/constants.ts';
import type { Viewer } from './tournament-display.ts';

// Who may register to play, apart from the display helpers every tournament card uses: the refusals' words are
// needed only by a tournament's Registration tab, not by the list (issue 12, ADR 049: a first visit's transfer).

/** Whether the viewer's role may register to play (D9); the server refuses the others with the same words. */
export function mayRegisterToPlay(viewer: Pick<Viewer, 'role' | 'foreignAdmin'>): boolean {
  return registrationRoles.includes(viewer.role) && !viewer.foreignAdmin;
}

/** Why the viewer may not register to play, in the server's words (D6, D9); null when they may. */
export function registrationRefusal(viewer: Pick<Viewer, 'role' | 'foreignAdmin'>): string | null {
  if (viewer.foreignAdmin) return FOREIGN_ADMINS_CANNOT_REGISTER;
  return registrationRoles.includes(viewer.role) ? null : FANS_CANNOT_REGISTER;
}
