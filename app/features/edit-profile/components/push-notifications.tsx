import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { currentPushSubscription, pushSupport, turnOffPush, turnOnPush } from '../../../lib/push.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  pushDevicesQueryOptions,
  pushPublicKeyQueryOptions,
  useRemovePushDeviceMutation,
  useSavePushSubscriptionMutation,
  type PushDevice,
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

const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });

/**
 * Notifications on this device and the member's devices (D28, Edit Profile). Hidden when the server has no VAPID
 * keys. The browser's permission is asked only when the member presses Turn On Notifications; on an iPhone or iPad
 * in a browser tab the card says the installed app is needed instead.
 */
export function PushNotifications() {
  const key = useQuery(pushPublicKeyQueryOptions);
  if (!key.data) return null;
  return <PushNotificationsCard publicKey={key.data.publicKey} />;
}

function PushNotificationsCard({ publicKey }: { publicKey: string }) {
  const support = pushSupport();
  const devices = useQuery(pushDevicesQueryOptions);
  const save = useSavePushSubscriptionMutation();
  const remove = useRemovePushDeviceMutation();
  const gate = useConnectionGate();
  const [busy, setBusy] = useState(false);
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'default' : Notification.permission,
  );

  useEffect(() => {
    let live = true;
    void currentPushSubscription()
      .catch(() => null)
      .then((subscription) => live && setEndpoint(subscription?.endpoint ?? null));
    return () => {
      live = false;
    };
  }, []);

  const onHere = endpoint != null && (devices.data?.some((d) => d.current) ?? false);

  const turnOn = async () => {
    setBusy(true);
    try {
      const result = await turnOnPush(publicKey);
      setPermission(typeof Notification === 'undefined' ? 'default' : Notification.permission);
      if (result.state === 'denied') {
        toast({
          title: 'Notifications Blocked',
          description: 'Allow notifications for this site in your browser settings, then try again.',
          variant: 'destructive',
        });
        return;
      }
      if (result.state !== 'on') {
        toast({
          title: 'Notifications Unavailable',
          description: 'This browser cannot receive notifications.',
          variant: 'destructive',
        });
        return;
      }
      await save.mutateAsync(result.subscription);
      setEndpoint(result.subscription.endpoint ?? null);
      toast({
        title: 'Notifications On',
        description: 'New messages and league news will reach this device.',
      });
    } catch (error) {
      toastRequestError(error, 'Notifications Not Turned On', 'Notifications could not be turned on.');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const gone = (await turnOffPush()) ?? endpoint;
      if (gone) await remove.mutateAsync({ endpoint: gone }).catch(() => undefined);
      setEndpoint(null);
      toast({ title: 'Notifications Off', description: 'This device will no longer receive notifications.' });
    } finally {
      setBusy(false);
    }
  };

  const removeDevice = (device: PushDevice) =>
    remove.mutate(
      { id: device.id },
      {
        onSuccess: () => {
          if (device.current) void turnOffPush().then(() => setEndpoint(null));
          toast({ title: 'Device Removed', description: `${device.device} will no longer receive notifications.` });
        },
        onError: (error) => toastRequestError(error, 'Remove Failed', 'That device could not be removed.'),
      },
    );

  return (
    <section aria-labelledby="push-heading">
      <Card className={cardClass}>
        <h2 id="push-heading" className={headingClass}>
          Push Notifications
        </h2>
        {support === 'needs-install' ? (
          <p className={mutedClass}>
            On iPhone and iPad, notifications need the installed app: tap Share, then Add to Home Screen, and open WTA
            from your Home Screen to turn them on.
          </p>
        ) : support === 'unsupported' ? (
          <p className={mutedClass}>This browser cannot receive notifications.</p>
        ) : (
          <div className={actionsClass}>
            {onHere ? (
              <Button variant="outline" disabled={busy} onClick={() => void turnOff()} {...gate.buttonProps}>
                <BellOff aria-hidden="true" />
                Turn Off on This Device
              </Button>
            ) : (
              <Button disabled={busy || endpoint === undefined} onClick={() => void turnOn()} {...gate.buttonProps}>
                <Bell aria-hidden="true" />
                Turn On Notifications
              </Button>
            )}
            <span className={mutedClass}>
              {onHere
                ? 'New messages and league news reach this device.'
                : permission === 'denied'
                  ? 'Notifications are blocked for this site in your browser settings.'
                  : 'Get new messages and league news on this device, even with the app closed.'}
            </span>
            <NeedsConnectionNote gate={gate} action="Turning notifications on or off" />
          </div>
        )}
        {devices.data && devices.data.length > 0 ? (
          <ul className={listClass} aria-label="Devices that receive notifications">
            {devices.data.map((device) => (
              <li key={device.id} className={itemClass}>
                <Bell aria-hidden="true" />
                <div className={deviceClass}>
                  <span className={deviceNameClass}>{device.device}</span>
                  <span className={mutedClass}>Turned on {formatLongDateTime(device.createdAt)}</span>
                </div>
                {device.current ? <Badge tone="accent">This device</Badge> : null}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${device.device}, turned on ${formatLongDateTime(device.createdAt)}`}
                  disabled={remove.isPending}
                  onClick={() => removeDevice(device)}
                  {...gate.buttonProps}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </section>
  );
}
