import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2, Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { link } from '../../../../styled-system/recipes';
import { WEBHOOK_MESSAGES, webhookEventTypes } from '../../../../edge/features/webhooks/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { ShownOnce } from '../../../ui/shown-once.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  webhooksQueryOptions,
  useWebhookMutations,
  type CreatedWebhookEndpoint,
  type WebhookEventType,
} from '../queries.ts';
import { DeliveryLog } from './delivery-log.tsx';

const cardClass = css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '4', md: '6' } });
const headingClass = css({ fontWeight: 'extrabold', textStyle: 'xl' });
const mutedClass = css({ color: 'fg.muted', textStyle: 'sm', overflowWrap: 'anywhere' });
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const fieldsetClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const legendClass = css({ fontWeight: 'semibold', textStyle: 'sm', mb: '1' });
const checksClass = css({ display: 'grid', gap: '1', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });
const checkClass = css({ display: 'flex', alignItems: 'center', gap: '3', minHeight: 'touch', cursor: 'pointer' });
const boxClass = css({ width: '5', height: '5', accentColor: 'accent.default', flexShrink: '0' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const itemClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  p: '3',
});
const urlClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export interface WebhooksCardProps {
  /** The tournaments the member hosts (composed by the route from the hosting feature). */
  tournaments: { id: number; title: string }[];
  /** Admins may also add a webhook for the whole league. */
  league: boolean;
}

/**
 * D44 on Edit Profile: webhooks for the tournaments a member hosts (admins: also the league). The signing secret is
 * shown once; each endpoint has its delivery log with Send Again, and Enable after 72 hours of failures disabled it.
 */
export function WebhooksCard({ tournaments, league }: WebhooksCardProps) {
  const endpoints = useQuery(webhooksQueryOptions);
  const { create, remove, enable } = useWebhookMutations();
  const gate = useConnectionGate();
  const [url, setUrl] = useState('');
  const [target, setTarget] = useState(tournaments[0] ? String(tournaments[0].id) : league ? 'league' : '');
  const [events, setEvents] = useState<WebhookEventType[]>([...webhookEventTypes]);
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState<CreatedWebhookEndpoint | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!URL.canParse(url.trim())) return setError(WEBHOOK_MESSAGES.url);
    if (events.length === 0) return setError(WEBHOOK_MESSAGES.events);
    setError(undefined);
    create.mutate(
      { url: url.trim(), tournamentId: target === 'league' ? null : Number(target), events },
      { onSuccess: (created) => (setShown(created), setUrl('')), onError: (e) => setError(getErrorMessage(e)) },
    );
  };
  const options = [
    ...tournaments.map((t) => ({ value: String(t.id), label: t.title })),
    ...(league ? [{ value: 'league', label: 'Whole league (every tournament)' }] : []),
  ];

  return (
    <section aria-labelledby="webhooks-heading">
      <Card className={cardClass}>
        <h2 id="webhooks-heading" className={headingClass}>
          Webhooks
        </h2>
        <p className={mutedClass}>
          Your server is told when a tournament starts, a match is called, completed or corrected, and a tournament
          completes or is cancelled. Each delivery is signed with your webhook's secret: see{' '}
          <a className={link()} href="/api/v1/docs">
            the API reference
          </a>{' '}
          for the payloads and how to check the signature.
        </p>
        {shown ? (
          <ShownOnce
            title={`Signing secret for ${shown.url}: copy it now. It will not be shown again.`}
            secret={shown.secret}
            secretLabel="Your webhook's signing secret"
            noun="Secret"
            onDone={() => setShown(null)}
          />
        ) : null}
        {options.length > 0 ? (
          <form className={formClass} onSubmit={submit} noValidate aria-label="Add a webhook">
            <TextField
              label="Webhook URL"
              type="url"
              inputMode="url"
              placeholder="https://example.com/wta-events"
              value={url}
              error={error}
              onChange={(e) => setUrl(e.target.value)}
            />
            <SelectField
              label="Events From"
              options={options}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            />
            <fieldset className={fieldsetClass}>
              <legend className={legendClass}>Events</legend>
              <div className={checksClass}>
                {webhookEventTypes.map((type) => (
                  <label key={type} className={checkClass}>
                    <input
                      type="checkbox"
                      className={boxClass}
                      checked={events.includes(type)}
                      onChange={(e) =>
                        setEvents((now) => (e.target.checked ? [...now, type] : now.filter((x) => x !== type)))
                      }
                    />
                    <span>{type}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className={actionsClass}>
              <Button type="submit" disabled={create.isPending} {...gate.buttonProps}>
                <Plus aria-hidden="true" />
                {create.isPending ? 'Adding...' : 'Add Webhook'}
              </Button>
            </div>
          </form>
        ) : (
          <p className={mutedClass}>Webhooks are for the tournaments you host. Host a tournament to add one.</p>
        )}
        {endpoints.isPending ? (
          <p className={mutedClass}>Loading...</p>
        ) : endpoints.isError ? (
          <p className={mutedClass}>Your webhooks could not be loaded.</p>
        ) : endpoints.data.length === 0 ? (
          <p className={mutedClass}>You have no webhooks.</p>
        ) : (
          <ul className={listClass} aria-label="Your webhooks">
            {endpoints.data.map((e) => (
              <li key={e.id} className={itemClass}>
                <span className={urlClass}>
                  <Webhook
                    aria-hidden="true"
                    className={css({ display: 'inline', width: '4', height: '4', mr: '1' })}
                  />
                  {e.url} {e.disabledAt ? <Badge tone="danger">Disabled</Badge> : null}
                </span>
                <span className={mutedClass}>
                  {e.tournamentTitle ?? 'Whole league'} · {e.events.join(', ')}
                </span>
                <div className={actionsClass}>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-expanded={open === e.id}
                    onClick={() => setOpen(open === e.id ? null : e.id)}
                  >
                    {open === e.id ? 'Hide Deliveries' : 'Show Deliveries'}
                  </Button>
                  {e.disabledAt ? (
                    <Button
                      size="sm"
                      {...gate.buttonProps}
                      onClick={() =>
                        enable.mutate(e.id, { onError: (x) => toastRequestError(x, 'Enable Failed', 'Try again.') })
                      }
                    >
                      Enable
                    </Button>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    tone="danger"
                    aria-label={`Delete webhook ${e.url}`}
                    {...gate.buttonProps}
                    onClick={() =>
                      remove.mutate(e.id, {
                        onSuccess: () => toast({ title: 'Webhook Deleted', description: e.url }),
                        onError: (x) => toastRequestError(x, 'Delete Failed', 'Try again.'),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
                {open === e.id ? <DeliveryLog endpointId={e.id} disabled={Boolean(e.disabledAt)} /> : null}
              </li>
            ))}
          </ul>
        )}
        <NeedsConnectionNote gate={gate} action="Webhooks" />
      </Card>
    </section>
  );
}
