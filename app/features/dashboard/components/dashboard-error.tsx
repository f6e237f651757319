import { AlertTriangle, RotateCw } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';

const pageClass = css({ maxWidth: '3xl', mx: 'auto', px: '4', py: { base: '8', md: '12' }, width: 'full' });
const headingClass = css({ srOnly: true });
const actionClass = css({ mt: '2' });

/** A failed dashboard call: what failed, the server's message when there is one, and Retry. */
export function DashboardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = getErrorMessage(error);
  return (
    <div className={pageClass}>
      <h1 className={headingClass}>Dashboard</h1>
      <Alert role="alert" tone="danger" title="Failed to load your dashboard" icon={<AlertTriangle />}>
        <p>{message ?? 'Please check your connection and try again.'}</p>
        <Button className={actionClass} variant="outline" tone="danger" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </Alert>
    </div>
  );
}
