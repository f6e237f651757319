import { useRouter } from '@tanstack/react-router';
import { Home, LayoutDashboard } from 'lucide-react';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogFooter } from '../../../ui/dialog.tsx';
import type { CurrentUser } from '../queries.ts';

/** Where "Go to Dashboard" leads after registration, by role (000 s2). */
export function dashboardPathFor(role: CurrentUser['role']): string {
  if (role === 'owner') return '/team-dashboard';
  if (role === 'fan') return '/';
  return '/dashboard';
}

/** Shown once an account exists: the new member picks where to go next. */
export function WelcomeDialog({
  user,
  onOpenChange,
}: {
  user: CurrentUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const go = (href: string) => {
    onOpenChange(false);
    void router.navigate({ href });
  };
  return (
    <Dialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={user ? `Welcome to WTA, ${user.firstName}!` : 'Welcome to WTA!'}
      description="Where would you like to go next?"
    >
      <DialogFooter>
        <Button onClick={() => user && go(dashboardPathFor(user.role))}>
          <LayoutDashboard aria-hidden="true" />
          Go to Dashboard
        </Button>
        <Button variant="outline" onClick={() => go('/')}>
          <Home aria-hidden="true" />
          Return to Homepage
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
