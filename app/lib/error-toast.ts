import { toast } from '../ui/toast.tsx';
import { getErrorMessage, getErrorStatus } from './api-client.ts';

/**
 * The error catalogue's rule for failed calls (000 s8): an answer from the server shows `title` with the server's
 * message (or `fallback`); no answer at all (network down, a bug) shows 'Error' / 'An unexpected error occurred'.
 */
export function toastRequestError(error: unknown, title: string, fallback: string): void {
  if (getErrorStatus(error) === undefined) {
    toast({ title: 'Error', description: 'An unexpected error occurred', variant: 'destructive' });
    return;
  }
  toast({ title, description: getErrorMessage(error) ?? fallback, variant: 'destructive' });
}
