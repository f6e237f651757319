import { PROFILE_EDIT_TOASTS } from '../../../edge/features/profile-edit/constants.ts';
import type { ToastInput } from '../../ui/toast.tsx';

/** 001 s2, s8: a guest, or a member whose session ended, is told this and sent to sign in 500 ms later. */
export const UNAUTHORIZED_NOTICE: ToastInput & { description: string } = {
  ...PROFILE_EDIT_TOASTS.unauthorized,
  variant: 'destructive',
};
