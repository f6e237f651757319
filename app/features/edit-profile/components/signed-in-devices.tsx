import { useQuery } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  sessionsQueryOptions,
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  type SessionSummary,
} from '../queries.ts';
import {
  cardClass,
  deviceClass,
  deviceNameClass,
  headingClass,
  itemClass,
  listClass,
  mutedClass,
} from './device-card-styles.ts';


/**
 * Where the member is signed in (issue 13 item 6, the sessions API of issue 10): this device first and marked, any
 * other one signed out on its own, or all of them at once. This device signs out with the menu's Log Out.
 */
export function SignedInDevices() {
  const sessions = useQuery(sessionsQueryOptions);
  const endOne = useEndSessionMutation();
  const endOthers = useEndOtherSessionsMutation();
  const gate = useConnectionGate();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const signOut = (session: SessionSummary) =>
    endOne.mutate(session.id, {
      onSuccess: () => toast({ title: 'Device Signed Out', description: `${session.device} is no longer signed in.` }),
      onError: (error) => toastRequestError(error, 'Sign Out Failed', 'That device could not be signed out.'),
    });
  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (ended) =>
        toast({
          title: 'Signed Out Everywhere Else',
          description: `${ended} other ${ended === 1 ? 'device was' : 'devices were'} signed out.`,
        }),
      onError: (error) => toastRequestError(error, 'Sign Out Failed', 'Your other devices could not be signed out.'),
    });

  return (
    <section aria-labelledby="devices-heading">
      <Card className={cardClass}>
        <h2 id="devices-heading" className={headingClass}>
          Signed-in Devices
        </h2>
        {sessions.isPending ? (
          <p className={mutedClass} role="status">
            Loading your devices…
          </p>
        ) : sessions.isError ? (
          <div
            role="alert"
            className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}
          >
            <p>Your devices could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <ul className={listClass}>
            {sessions.data.map((session) => (
              <li key={session.id} className={itemClass}>
                <MonitorSmartphone aria-hidden="true" />
                <div className={deviceClass}>
                  <span className={deviceNameClass}>{session.device}</span>
                  <span className={mutedClass}>
                    Last active {formatLongDateTime(session.lastUsedAt ?? session.createdAt)}
                  </span>
                </div>
                {session.current ? (
                  <Badge tone="accent">This device</Badge>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${session.device}, last active ${formatLongDateTime(session.lastUsedAt ?? session.createdAt)}`}
                    disabled={endOne.isPending}
                    onClick={() => signOut(session)}
                    {...gate.buttonProps}
                  >
                    <LogOut aria-hidden="true" />
                    Sign Out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others > 0 ? (
          <div>
            <Button
              variant="outline"
              tone="danger"
              size="sm"
              disabled={endOthers.isPending}
              onClick={signOutOthers}
              {...gate.buttonProps}
            >
              <LogOut aria-hidden="true" />
              Sign Out Everywhere Else
            </Button>
            <NeedsConnectionNote gate={gate} action="Signing devices out" />
          </div>
        ) : sessions.isSuccess ? (
          <p className={mutedClass}>You are signed in on this device only.</p>
        ) : null}
      </Card>
    </section>
  );
}
