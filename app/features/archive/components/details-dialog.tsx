import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import type { ArchiveDetails, BracketMatch, StandingPerson } from '../../../../edge/features/archive/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/money.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Dialog, DialogBody } from '../../../ui/dialog.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { archiveDetailsQueryOptions, finalStandingsQueryOptions } from '../queries.ts';
import { divisionLabel } from './archive-card.tsx';
import { HighlightsTab } from './highlights-tab.tsx';
import { headingClass, metaClass, mutedClass, rowClass } from './styles.ts';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0', pt: '4' });
const placeClass = css({ borderColor: 'border.default', borderRadius: 'l2', borderWidth: '1px', p: '3' });
// A bracket of 16 is taller than a phone: the dialog scrolls from its top like every dialog (app/theme/recipes).
const dialogClass = css({ md: { maxW: '2xl' } });
// Two rows of two on a phone: in one row at 360 px the four tabs ran out of the dialog ('Highli...').
const tabListClass = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
});
const tabTriggerClass = css({ px: '2', textStyle: { base: 'sm', sm: 'md' } });
const dlClass = css({ display: 'grid', gap: '2', gridTemplateColumns: 'auto 1fr', '& dt': { color: 'fg.muted' } });

/** Draws a completed bracket: the route hands in the competition's own (features do not import each other). */
export type RenderBracket = (matches: readonly BracketMatch[]) => ReactNode;

/** The details dialog (001): Bracket, Final Standings, Highlights and Details of one archived tournament. */
export function DetailsDialog({ id, onClose, renderBracket }: { id: number; onClose: () => void; renderBracket: RenderBracket }) {
  const details = useQuery(archiveDetailsQueryOptions(id));
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={details.data?.name ?? 'Tournament details'}
      className={dialogClass}
    >
      <DialogBody>
        {details.isPending ? (
          <p className={mutedClass}>Loading tournament...</p>
        ) : details.isError ? (
          <Alert tone="danger" title="Could not load this tournament">
            {getErrorMessage(details.error) ?? 'Please try again.'}
          </Alert>
        ) : (
          <TabsRoot defaultValue="bracket">
            <TabsList className={tabListClass} aria-label="Tournament details sections">
              <TabsTrigger className={tabTriggerClass} value="bracket">
                Bracket
              </TabsTrigger>
              <TabsTrigger className={tabTriggerClass} value="standings">
                Final Standings
              </TabsTrigger>
              <TabsTrigger className={tabTriggerClass} value="highlights">
                Highlights
              </TabsTrigger>
              <TabsTrigger className={tabTriggerClass} value="details">
                Details
              </TabsTrigger>
            </TabsList>
            <TabsContent value="bracket">
              <BracketTab details={details.data} renderBracket={renderBracket} />
            </TabsContent>
            <TabsContent value="standings">
              <StandingsTab id={id} />
            </TabsContent>
            <TabsContent value="highlights">
              <HighlightsTab details={details.data} />
            </TabsContent>
            <TabsContent value="details">
              <DetailsTab details={details.data} />
            </TabsContent>
          </TabsRoot>
        )}
      </DialogBody>
    </Dialog>
  );
}

function BracketTab({ details, renderBracket }: { details: ArchiveDetails; renderBracket: RenderBracket }) {
  if (details.bracket.length === 0) return <p className={sectionClass}>Bracket data not available</p>;
  return (
    <div className={sectionClass}>
      <p className={mutedClass}>
        {details.participantCount} of {details.bracketSize} bracket spots
      </p>
      {renderBracket(details.bracket)}
    </div>
  );
}

/** A place's name: `name` (a member's full name or a team's), or from firstName and lastName in an older answer. */
function personName(p: StandingPerson) {
  return p.name ?? `${p.firstName} ${p.lastName}`.trim();
}

/** A team place links to its team, a member to their profile (D22: the owner who entered a team did not play). */
function placeLink(p: StandingPerson): string | null {
  if (p.kind === 'team') return p.teamId === null ? null : `/teams/${p.teamId}`;
  return p.id ? `/player/${p.id}` : null;
}

function Place({ title, person, champion }: { title: string; person: StandingPerson | null; champion?: boolean }) {
  if (!person) return null;
  return (
    <section className={placeClass} aria-label={title}>
      <h3 className={headingClass}>{title}</h3>
      <div className={rowClass}>
        {placeLink(person) ? <TextLink href={placeLink(person)!}>{personName(person)}</TextLink> : <span>{personName(person)}</span>}
        {champion && person.isVerified ? <VerifiedBadge /> : null}
      </div>
      {champion && person.tagline ? <p className={mutedClass}>{person.tagline}</p> : null}
    </section>
  );
}

function StandingsTab({ id }: { id: number }) {
  const standings = useQuery(finalStandingsQueryOptions(id));
  if (standings.isPending) return <p className={sectionClass}>Loading standings...</p>;
  const s = standings.data;
  if (standings.isError || !s || !s.winner) return <p className={sectionClass}>Final standings not available</p>;
  return (
    <div className={sectionClass}>
      <Place title="1st Place - Champion" person={s.winner} champion />
      <Place title="2nd Place - Runner-up" person={s.runnerUp} />
      <Place title="3rd Place" person={s.thirdPlace} />
      <Place title="4th Place" person={s.fourthPlace} />
      <Place title="Most Valuable Player (MVP)" person={s.mvp} />
    </div>
  );
}

function DetailsTab({ details: d }: { details: ArchiveDetails }) {
  const hostName = d.host ? `${d.host.firstName} ${d.host.lastName}`.trim() : null;
  return (
    <div className={sectionClass}>
      <dl className={dlClass}>
        <dt>Division</dt>
        <dd>{divisionLabel(d.division)}</dd>
        <dt>Format</dt>
        <dd>{d.format}</dd>
        <dt>Participants</dt>
        <dd>{d.participantCount}</dd>
        <dt>Prize Pool</dt>
        <dd>{formatMoney(d.prizePool)}</dd>
      </dl>
      {d.description ? (
        <section>
          <h3 className={headingClass}>Description</h3>
          <p>{d.description}</p>
        </section>
      ) : null}
      <section>
        <h3 className={headingClass}>Prize Breakdown</h3>
        <dl className={dlClass}>
          <dt>1st</dt>
          <dd>{formatMoney(d.prizeBreakdown.first)}</dd>
          <dt>2nd</dt>
          <dd>{formatMoney(d.prizeBreakdown.second)}</dd>
          <dt>3rd</dt>
          <dd>{formatMoney(d.prizeBreakdown.third)}</dd>
        </dl>
      </section>
      {d.host && hostName ? (
        <section className={placeClass}>
          <h3 className={headingClass}>Hosted By</h3>
          <div className={rowClass}>
            <Avatar name={hostName} src={d.host.profileImageUrl} size="md" />
            <div className={metaClass}>
              <span className={rowClass}>
                <strong>{hostName}</strong>
                {d.host.isVerified ? <VerifiedBadge /> : null}
              </span>
              {d.host.tagline ? <span>{d.host.tagline}</span> : null}
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}
