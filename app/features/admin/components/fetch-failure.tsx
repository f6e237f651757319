import { AlertTriangle, RotateCw } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';

const actionClass = css({ mt: '2' });

/** A failed admin fetch: the title, the server's message when there is one, and Try Again. */
export function FetchFailure({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const message = getErrorMessage(error);
  return (
    <Alert role="alert" tone="danger" title={title} icon={<AlertTriangle />}>
      {message ? <p>{message}</p> : null}
      <Button className={actionClass} variant="outline" tone="danger" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try Again
      </Button>
    </Alert>
  );
}
