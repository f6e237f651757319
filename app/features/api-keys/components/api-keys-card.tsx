import { useQuery } from '@tanstack/react-query';
import { KeyRound, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { link } from '../../../../styled-system/recipes';
import { API_KEY_MESSAGES, API_KEY_NAME_MAX } from '../../../../edge/features/api-keys/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { ShownOnce } from '../../../ui/shown-once.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  apiKeysQueryOptions,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  type ApiKeySummary,
  type CreatedApiKey,
} from '../queries.ts';

const cardClass = css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '4', md: '6' } });
const headingClass = css({ fontWeight: 'extrabold', textStyle: 'xl' });
const mutedClass = css({ color: 'fg.muted', textStyle: 'sm' });
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const checkClass = css({ display: 'flex', alignItems: 'center', gap: '3', minHeight: 'touch', cursor: 'pointer' });
const boxClass = css({ width: '5', height: '5', accentColor: 'accent.default', flexShrink: '0' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const itemClass = css({
  alignItems: 'center',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  p: '3',
});
const keyTextClass = css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1', minWidth: '0' });
const nameClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export interface ApiKeysCardProps {
  /** D44: verified members and admins create keys; anyone may still see and revoke the keys they hold. */
  mayCreate: boolean;
}

/**
 * D44 on Edit Profile: personal keys for the public API (/api/v1/), for scoreboards and overlays. A new key is shown
 * once; afterwards only its first characters, when it was last used, and Revoke.
 */
export function ApiKeysCard({ mayCreate }: ApiKeysCardProps) {
  const keys = useQuery(apiKeysQueryOptions);
  const create = useCreateApiKeyMutation();
  const revoke = useRevokeApiKeyMutation();
  const gate = useConnectionGate();
  const [name, setName] = useState('');
  const [scores, setScores] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState<CreatedApiKey | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > API_KEY_NAME_MAX) return setError(API_KEY_MESSAGES.name);
    setError(undefined);
    create.mutate(
      { name: trimmed, scopes: scores ? ['scores'] : [] },
      {
        onSuccess: (created) => {
          setShown(created);
          setName('');
          setScores(false);
        },
        onError: (e) => setError(getErrorMessage(e)),
      },
    );
  };
  const revokeKey = (key: ApiKeySummary) =>
    revoke.mutate(key.id, {
      onSuccess: () => toast({ title: 'Key Revoked', description: `${key.name} no longer works.` }),
      onError: (e) => toastRequestError(e, 'Revoke Failed', 'The key could not be revoked.'),
    });

  const active = keys.data?.filter((k) => !k.revokedAt) ?? [];
  const revoked = keys.data?.filter((k) => k.revokedAt) ?? [];
  return (
    <section aria-labelledby="api-keys-heading">
      <Card className={cardClass}>
        <h2 id="api-keys-heading" className={headingClass}>
          API Keys
        </h2>
        <p className={mutedClass}>
          Keys for the league's {/* The reference page is the server's, not a screen of the app: a full page load. */}
          <a className={link()} href="/api/v1/docs">
            public API
          </a>
          : a scoreboard, a stream overlay or your own site. Reading needs no key; a key raises the request limit, and
          with Report Scores it reports scores in the tournaments you host. Treat a key like a password.
        </p>
        {shown ? (
          <ShownOnce
            title={`${shown.name}: copy your key now. It will not be shown again.`}
            secret={shown.key}
            secretLabel="Your new API key"
            noun="Key"
            onDone={() => setShown(null)}
          />
        ) : null}
        {mayCreate ? (
          <form className={formClass} onSubmit={submit} noValidate aria-label="Create an API key">
            <TextField
              label="Key Name"
              placeholder="Court 1 scoreboard"
              value={name}
              maxLength={API_KEY_NAME_MAX}
              error={error}
              onChange={(e) => setName(e.target.value)}
            />
            <label className={checkClass}>
              <input
                type="checkbox"
                className={boxClass}
                checked={scores}
                onChange={(e) => setScores(e.target.checked)}
              />
              <span>Report Scores (in tournaments you host)</span>
            </label>
            <div className={actionsClass}>
              <Button type="submit" disabled={create.isPending} {...gate.buttonProps}>
                <Plus aria-hidden="true" />
                {create.isPending ? 'Creating...' : 'Create Key'}
              </Button>
            </div>
          </form>
        ) : (
          <p className={mutedClass}>{API_KEY_MESSAGES.notAllowed}.</p>
        )}
        {keys.isPending ? (
          <p className={mutedClass}>Loading...</p>
        ) : keys.isError ? (
          <p className={mutedClass}>Your API keys could not be loaded.</p>
        ) : keys.data.length === 0 ? (
          <p className={mutedClass}>You have no API keys.</p>
        ) : (
          <ul className={listClass} aria-label="Your API keys">
            {[...active, ...revoked].map((key) => (
              <li key={key.id} className={itemClass}>
                <KeyRound aria-hidden="true" />
                <div className={keyTextClass}>
                  <span className={nameClass}>
                    {key.name} {key.revokedAt ? <Badge tone="danger">Revoked</Badge> : null}
                    {key.scopes.includes('scores') ? <Badge tone="accent">Report Scores</Badge> : null}
                  </span>
                  <span className={mutedClass}>
                    {key.prefix}... · Created {formatLongDateTime(key.createdAt)} ·{' '}
                    {key.lastUsedAt ? `Last used ${formatLongDateTime(key.lastUsedAt)}` : 'Never used'}
                  </span>
                </div>
                {key.revokedAt ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    tone="danger"
                    disabled={revoke.isPending}
                    {...gate.buttonProps}
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => revokeKey(key)}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <NeedsConnectionNote gate={gate} action="API keys" />
      </Card>
    </section>
  );
}
