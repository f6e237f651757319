import { CalendarPlus, Share2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { css } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { Button } from '../../../ui/button.tsx';
import { shareOrCopy } from '../../../lib/share.ts';
import type { IcsTournament } from '../ics.ts';
import { slugify } from '../tournament-display.ts';

// D45's Embed Bracket button comes after the page's first load (whose budget it would break), and its dialog when
// opened. The server's HTML has the button already: React hydrates it once its code is there.
const EmbedBracket = lazy(() => import('./embed-bracket.tsx'));

const rowClass = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, flexWrap: 'wrap', gap: '3' });

/**
 * Points the Add to Calendar link at an object URL of the tournament's .ics, made once the page is shown and
 * released when it goes (or the tournament changes), so the link is a plain download. The href is set on the
 * element directly: React renders the link without one and never overwrites it. The .ics writer's code comes after
 * the page has rendered (a link without an href is not yet a link): it is not part of the page's first load (ADR 065).
 */
function useIcsLink(tournament: IcsTournament, url: string): RefObject<HTMLAnchorElement | null> {
  const ref = useRef<HTMLAnchorElement>(null);
  const { id, title, description, location, startDate, endDate } = tournament;
  useEffect(() => {
    const anchor = ref.current;
    if (!anchor) return;
    let objectUrl: string | undefined;
    let gone = false;
    // A failed fetch (offline before the service worker holds the code) leaves the link out, as before it loaded.
    void import('../ics.ts').then(
      ({ buildTournamentIcs }) => {
        if (gone) return;
        const ics = buildTournamentIcs(
          { id, title, description, location, startDate, endDate },
          { url, host: window.location.hostname, now: new Date() },
        );
        objectUrl = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
        anchor.href = objectUrl;
      },
      () => undefined,
    );
    return () => {
      gone = true;
      anchor.removeAttribute('href');
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, title, description, location, startDate, endDate, url]);
  return ref;
}

/**
 * D45's Subscribe: the tournament's feed (GET /api/calendar/tournaments/{id}.ics), which a calendar app reads again
 * and so moves the event when the tournament moves. The server's HTML links the https address; once the page runs,
 * the link becomes webcal://, which opens the calendar app's Subscribe instead of a one-off import.
 */
function useSubscribeLink(feed: string): RefObject<HTMLAnchorElement | null> {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.href = `webcal://${window.location.host}${feed}`;
  }, [feed]);
  return ref;
}

/** Share, Add to Calendar, Subscribe and Embed Bracket for the detail page (issue 3 item 7, D45). */
export function ShareActions({ tournament }: { tournament: IcsTournament }) {
  // Only handlers and effects use it; a server render has no window (ADR 027).
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const url = `${origin}/tournaments/${tournament.id}`;
  const icsLink = useIcsLink(tournament, url);
  const feed = `/api/calendar/tournaments/${tournament.id}.ics`;
  const subscribeLink = useSubscribeLink(feed);
  const [sharing, setSharing] = useState(false);

  return (
    <div className={rowClass}>
      <Button
        variant="outline"
        disabled={sharing}
        onClick={() => {
          setSharing(true);
          void shareOrCopy({ title: tournament.title, text: `${tournament.title} on WTA League`, url }).finally(() =>
            setSharing(false),
          );
        }}
      >
        <Share2 aria-hidden="true" />
        Share
      </Button>
      <a ref={icsLink} className={button({ variant: 'outline' })} download={`${slugify(tournament.title)}.ics`}>
        <CalendarPlus aria-hidden="true" />
        Add to Calendar
      </a>
      <a ref={subscribeLink} className={button({ variant: 'outline' })} href={feed}>
        <CalendarPlus aria-hidden="true" />
        Subscribe
      </a>
      <Suspense fallback={null}>
        <EmbedBracket tournament={tournament} />
      </Suspense>
    </div>
  );
}
