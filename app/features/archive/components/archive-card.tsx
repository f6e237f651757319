import { CalendarDays, Crown, MapPin, PlayCircle, Trophy, Users } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { ARCHIVE_DEFAULTS } from '../../../../edge/features/archive/constants.ts';
import type { ArchiveTournament } from '../../../../edge/features/archive/schema.ts';
import { divisionNames } from '../../../../edge/features/tournaments/schema.ts';
import { formatMoney } from '../../../lib/money.ts';
import { formatTournamentDate, tournamentDate } from '../../../lib/tournament-dates.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { formatArchiveDate } from '../format.ts';
import { metaClass, metaItemClass, rowClass } from './styles.ts';

const bodyClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '3', p: '5' });
const listBodyClass = css({ md: { alignItems: 'center', flexDirection: 'row', justifyContent: 'space-between' } });
const titleClass = css({ fontSize: 'lg', fontWeight: 'extrabold', lineHeight: 'tight' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: 'auto' });

/** The division's name, or 001 s9's 'Open' for a tournament of none. */
export function divisionLabel(division: ArchiveTournament['division']): string {
  return division ? divisionNames[division] : ARCHIVE_DEFAULTS.divisionLabel;
}

/** A safe https link to open in a new tab; anything else is no link. */
export function httpsLink(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** One archived tournament (001): every field of the card, Watch Replay in a new tab, View Details. */
export function ArchiveCard({
  tournament: t,
  layout,
  onDetails,
}: {
  tournament: ArchiveTournament;
  layout: 'grid' | 'list';
  onDetails: () => void;
}) {
  const replay = httpsLink(t.replayVideoUrl);
  const winnerName = t.winner ? `${t.winner.firstName} ${t.winner.lastName}`.trim() : null;
  return (
    <Card>
      <article
        className={cx(bodyClass, layout === 'list' ? listBodyClass : undefined)}
        aria-labelledby={`archive-${t.id}`}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <div className={rowClass}>
            <h2 id={`archive-${t.id}`} className={titleClass}>
              {t.name}
            </h2>
            {t.status === 'completed' ? <Badge tone="neutral">Completed</Badge> : null}
          </div>
          <div className={metaClass}>
            <span className={metaItemClass}>
              <CalendarDays aria-hidden="true" />
              {/* 001's end date: when it completed (issue 34: not the schedule's end), in 001's 'MMM dd, yyyy'. */}
              {formatTournamentDate(tournamentDate(t), (iso) => formatArchiveDate(iso))}
            </span>
            {t.location ? (
              <span className={metaItemClass}>
                <MapPin aria-hidden="true" />
                {t.location}
              </span>
            ) : null}
            {winnerName ? (
              <span className={metaItemClass}>
                <Crown aria-hidden="true" />
                <span>
                  Champion: <strong>{winnerName}</strong>
                </span>
                {t.winner?.isVerified ? <VerifiedBadge /> : null}
              </span>
            ) : null}
            <span className={metaItemClass}>
              <Users aria-hidden="true" />
              {t.participantCount} {t.participantCount === 1 ? 'player' : 'players'}
            </span>
            <span className={metaItemClass}>
              <Trophy aria-hidden="true" />
              {divisionLabel(t.division)} · Prize pool {formatMoney(t.prizePool)}
            </span>
          </div>
        </div>
        <div className={actionsClass}>
          {replay ? (
            <a
              className={button({ variant: 'outline', size: 'sm' })}
              href={replay}
              target="_blank"
              rel="noopener noreferrer"
            >
              <PlayCircle aria-hidden="true" />
              Watch Replay
            </a>
          ) : null}
          <Button size="sm" onClick={onDetails} aria-label={`View Details of ${t.name}`}>
            View Details
          </Button>
        </div>
      </article>
    </Card>
  );
}
