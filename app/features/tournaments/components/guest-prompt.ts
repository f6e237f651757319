import { toast } from '../../../ui/toast.tsx';

/**
 * 000 s8: a guest who tries to register or buy is told to log in and sent to /register. `what` completes
 * "Please log in to ...".
 */
export function promptGuestToLogIn(what: 'register for tournaments' | 'purchase tickets', goToRegister: () => void): void {
  toast({ title: 'Authentication Required', description: `Please log in to ${what}`, variant: 'destructive' });
  goToRegister();
}
