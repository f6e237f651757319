import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog, DialogBody } from '../../../ui/dialog.tsx';
import { pendingTournamentView, type PendingTournamentView } from '../pending-tournament.ts';
import { pendingTournamentsQueryOptions } from '../queries.ts';
import { FetchFailure } from './fetch-failure.tsx';
import {
  cardPadClass,
  emptyClass,
  listClass,
  noteClass,
  scrollListClass,
  sectionClass,
  sectionTitleClass,
  skeletonClass,
} from './styles.ts';

const titleClass = css({ fontWeight: 'extrabold', textStyle: 'lg', overflowWrap: 'anywhere' });
const factsClass = css({
  display: 'grid',
  gap: '2',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  textStyle: 'sm',
});
const factLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold' });
const hostClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2', textStyle: 'sm' });
const detailListClass = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' } });
const detailValueClass = css({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
const flyerClass = css({ borderRadius: 'l2', maxHeight: '80', objectFit: 'contain' });
const skeletonItemClass = css({ height: '36' });

const NOT_PROVIDED = 'Not provided';

function HostLine({ view }: { view: PendingTournamentView }) {
  return (
    <p className={hostClass}>
      <span className={factLabelClass}>Host:</span>
      <span>{view.hostName ?? 'Unknown host'}</span>
      {view.hostVerified ? (
        <Badge tone="verified">
          <BadgeCheck aria-hidden="true" />
          Verified
        </Badge>
      ) : null}
    </p>
  );
}

function TournamentDetails({ view }: { view: PendingTournamentView }) {
  const rows: [string, string | null][] = [
    ['Sport', view.sport],
    ['Format', view.format],
    ['Division', view.division],
    ['Buy-in', view.buyIn],
    ['Max players', view.maxPlayers],
    ['Start date', view.startDate],
    ['Venue', view.venueName],
    ['Venue address', view.venueAddress],
    ['Description', view.description],
    ['Rules', view.rules],
    ['Prize distribution', view.prizeDistribution],
  ];
  return (
    <DialogBody>
      <dl className={detailListClass}>
        {rows.map(([label, value]) => (
          <div key={label} className={css({ display: 'contents' })}>
            <dt className={factLabelClass}>{label}</dt>
            <dd className={detailValueClass}>{value || NOT_PROVIDED}</dd>
          </div>
        ))}
        <dt className={factLabelClass}>Flyer</dt>
        <dd>
          {view.flyerUrl ? <img src={view.flyerUrl} alt={`Flyer for ${view.title}`} className={flyerClass} /> : NOT_PROVIDED}
        </dd>
      </dl>
      <HostLine view={view} />
    </DialogBody>
  );
}

/** 001 s2: hosted tournaments awaiting approval, each with a details dialog. */
export function PendingTournaments() {
  const query = useQuery(pendingTournamentsQueryOptions);
  const [selected, setSelected] = useState<PendingTournamentView | null>(null);
  const views = query.data?.map(pendingTournamentView) ?? [];

  return (
    <section className={sectionClass} aria-labelledby="pending-tournaments-title">
      <h2 id="pending-tournaments-title" className={sectionTitleClass}>
        Pending Tournament Approvals
      </h2>
      <p className={noteClass}>Approving and rejecting tournaments arrives with the hosting feature.</p>
      {query.isPending ? (
        <div className={listClass} aria-busy="true" aria-label="Loading pending tournaments">
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
        </div>
      ) : query.isError ? (
        <FetchFailure
          title="Failed to load pending tournaments"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : views.length === 0 ? (
        <p className={emptyClass}>No tournaments awaiting approval</p>
      ) : (
        <section className={scrollListClass} aria-label="Pending tournaments" tabIndex={0}>
          <ul className={listClass}>
            {views.map((view) => (
              <li key={view.id}>
                <Card className={cardPadClass}>
                  <h3 className={titleClass}>{view.title}</h3>
                  <dl className={factsClass}>
                    {(
                      [
                        ['Sport', view.sport ?? NOT_PROVIDED],
                        ['Format', view.format],
                        ['Division', view.division],
                        ['Buy-in', view.buyIn],
                        ['Max players', view.maxPlayers],
                        ['Starts', view.startDate],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label}>
                        <dt className={factLabelClass}>{label}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <HostLine view={view} />
                  <div>
                    <Button variant="outline" size="sm" onClick={() => setSelected(view)}>
                      View Details
                      <span className={css({ srOnly: true })}> of {view.title}</span>
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Dialog
        open={selected !== null}
        onOpenChange={(open) => {
          if (!open) setSelected(null);
        }}
        title={selected?.title ?? 'Tournament details'}
        description="Tournament details"
      >
        {selected ? <TournamentDetails view={selected} /> : null}
      </Dialog>
    </section>
  );
}
