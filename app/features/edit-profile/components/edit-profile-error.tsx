import { AlertTriangle, RotateCw } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';

const pageClass = css({ maxWidth: '3xl', mx: 'auto', px: '4', py: { base: '8', md: '12' }, width: 'full' });
const actionClass = css({ mt: '2' });

/** The profile could not be loaded: the server's message when there is one, and Try Again. */
export function EditProfileError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = getErrorMessage(error);
  return (
    <div className={pageClass}>
      <h1 className={css({ srOnly: true })}>Edit Profile</h1>
      <Alert role="alert" tone="danger" title="Failed to load your profile" icon={<AlertTriangle />}>
        <p>{message ?? 'Please check your connection and try again.'}</p>
        <Button className={actionClass} variant="outline" tone="danger" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      </Alert>
    </div>
  );
}
