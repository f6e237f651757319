import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { toast } from '../../../ui/toast.tsx';
import { calendarFeedQueryOptions, useResetCalendarFeedMutation } from '../queries.ts';
import { cardClass, headingClass, mutedClass } from './device-card-styles.ts';

const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const urlClass = css({ fontFamily: 'mono', textStyle: 'sm', overflowWrap: 'anywhere', userSelect: 'all' });

/** The address a calendar app subscribes to: the same feed through webcal://, which opens the app. */
const webcal = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/**
 * D45 on Edit Profile: the member's schedule (their tournaments and called matches) as a calendar feed at a secret
 * address. Made on request, shown with Subscribe and Copy; Reset replaces it when it was shared by mistake.
 */
export function CalendarFeed() {
  const feed = useQuery(calendarFeedQueryOptions);
  const reset = useResetCalendarFeedMutation();
  const gate = useConnectionGate();
  const [confirming, setConfirming] = useState(false);
  const url = feed.data?.url ?? null;

  const make = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: url ? 'Calendar Address Reset' : 'Calendar Address Ready',
          description: url ? 'The old address no longer works.' : 'Subscribe to it in your calendar app.',
        });
      },
      onError: (error) => toastRequestError(error, 'Calendar Address Failed', 'The address could not be made.'),
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Address Copied', description: 'Paste it into your calendar app as a subscription.' });
    } catch {
      toast({ title: 'Copy Failed', description: 'Select the address and copy it.', variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="calendar-heading">
      <Card className={cardClass}>
        <h2 id="calendar-heading" className={headingClass}>
          My Calendar
        </h2>
        <p className={mutedClass}>
          Your tournaments and called matches in your phone's calendar, kept up to date when a tournament moves or is
          cancelled. Keep the address to yourself: anyone with it sees your schedule.
        </p>
        {feed.isPending ? (
          <p className={mutedClass}>Loading...</p>
        ) : feed.isError ? (
          <p className={mutedClass}>Your calendar address could not be loaded.</p>
        ) : url ? (
          <>
            <p className={urlClass}>{url}</p>
            <div className={actionsClass}>
              <a className={button({ variant: 'solid' })} href={webcal(url)}>
                <CalendarPlus aria-hidden="true" />
                Subscribe
              </a>
              <Button variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                Copy Address
              </Button>
              {confirming ? (
                <Button tone="danger" disabled={reset.isPending} {...gate.buttonProps} onClick={make}>
                  <RefreshCw aria-hidden="true" />
                  Reset - the old address stops working
                </Button>
              ) : (
                <Button variant="outline" {...gate.buttonProps} onClick={() => setConfirming(true)}>
                  <RefreshCw aria-hidden="true" />
                  Reset Address
                </Button>
              )}
            </div>
          </>
        ) : (
          <div className={actionsClass}>
            <Button disabled={reset.isPending} {...gate.buttonProps} onClick={make}>
              <CalendarPlus aria-hidden="true" />
              Get My Calendar Address
            </Button>
          </div>
        )}
        <NeedsConnectionNote gate={gate} action="The calendar address" />
      </Card>
    </section>
  );
}
