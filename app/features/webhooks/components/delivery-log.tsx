import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { deliveryLogQueryOptions, useWebhookMutations } from '../queries.ts';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const rowClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  pt: '2',
});
const textClass = css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1', minWidth: '0' });
const mutedClass = css({ color: 'fg.muted', textStyle: 'sm', overflowWrap: 'anywhere' });

/** An endpoint's latest deliveries with the receiver's answer, and Send Again (D44). */
export function DeliveryLog({ endpointId, disabled }: { endpointId: number; disabled: boolean }) {
  const log = useQuery(deliveryLogQueryOptions(endpointId));
  const { resend } = useWebhookMutations();
  if (log.isPending) return <p className={mutedClass}>Loading deliveries...</p>;
  if (log.isError) return <p className={mutedClass}>The delivery log could not be loaded.</p>;
  if (log.data.length === 0) return <p className={mutedClass}>Nothing sent yet.</p>;
  return (
    <ul className={listClass} aria-label="Deliveries">
      {log.data.map((d) => (
        <li key={d.id} className={rowClass}>
          <div className={textClass}>
            <span>
              {d.type} #{d.sequence}{' '}
              <Badge tone={d.status === 'delivered' ? 'accent' : d.status === 'failed' ? 'danger' : 'neutral'}>
                {d.status === 'delivered' ? 'Delivered' : d.status === 'failed' ? 'Failed' : 'Retrying'}
              </Badge>
            </span>
            <span className={mutedClass}>
              {d.responseStatus !== null ? `HTTP ${d.responseStatus}` : d.responseBody ?? 'Not sent yet'}
              {d.lastAttemptAt ? ` · ${formatLongDateTime(d.lastAttemptAt)}` : ''} · {d.attempts}{' '}
              {d.attempts === 1 ? 'attempt' : 'attempts'}
              {d.nextAttemptAt ? ` · next ${formatLongDateTime(d.nextAttemptAt)}` : ''}
            </span>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled || resend.isPending}
            aria-label={`Send ${d.type} #${d.sequence} again`}
            onClick={() =>
              resend.mutate(
                { id: endpointId, deliveryId: d.id },
                {
                  onSuccess: () => toast({ title: 'Queued', description: 'The event is sent again within a minute.' }),
                  onError: (e) => toastRequestError(e, 'Send Again Failed', 'The event could not be queued.'),
                },
              )
            }
          >
            <RotateCw aria-hidden="true" />
            Send Again
          </Button>
        </li>
      ))}
    </ul>
  );
}
