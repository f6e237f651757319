import { Check, UserPlus } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { formatPoints } from '../../../lib/points.ts';
import { sportLabel } from '../../../lib/sports.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { placeOf } from '../free-agency-display.ts';
import type { FreeAgent } from '../queries.ts';

const cardClass = css({ display: 'flex', flexDirection: 'column', gap: '4', height: 'full', p: '5' });
const headClass = css({ alignItems: 'center', display: 'flex', gap: '3', minWidth: '0' });
const nameWrapClass = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
const nameClass = css({ fontSize: 'lg', fontWeight: 'extrabold', lineHeight: 'tight', overflowWrap: 'anywhere' });
const nameLinkClass = css({ color: 'fg.default', display: 'inline-flex', alignItems: 'center', minHeight: 'touch' });
const metaClass = css({ color: 'fg.muted', textStyle: 'sm' });
const taglineClass = css({ color: 'fg.muted', fontStyle: 'italic', textStyle: 'sm', overflowWrap: 'anywhere' });
const statsClass = css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' });
const statClass = css({
  background: 'bg.subtle',
  borderRadius: 'l2',
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: '0.5',
  px: '2',
  py: '2',
  textAlign: 'center',
});
const statLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'xs', textTransform: 'uppercase' });
const statValueClass = css({ fontSize: 'lg', fontWeight: 'black', fontVariantNumeric: 'tabular-nums' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: 'auto' });
const actionClass = css({ flex: '1', minWidth: '[8rem]' });

/** What the card offers an owner: Invite, or that the player is invited already. */
export interface InviteState {
  invited: boolean;
  sending: boolean;
  disabledProps?: { disabled?: true; 'aria-describedby'?: string };
  onInvite: () => void;
}

const whole = new Intl.NumberFormat('en-US');

/**
 * One free agent (000 s2): links to /player/{id}, the stats Points, Wins and Games, View Profile and (for an owner
 * with a team, D37) Invite.
 */
export function FreeAgentCard({ player, invite }: { player: FreeAgent; invite?: InviteState | undefined }) {
  const name = `${player.firstName} ${player.lastName}`;
  const place = placeOf(player);
  const profile = `/player/${encodeURIComponent(player.id)}`;
  return (
    <Card className={cardClass}>
      <div className={headClass}>
        <Avatar name={name} src={player.profileImageUrl} verified={player.isVerified} />
        <div className={nameWrapClass}>
          <h2 className={nameClass}>
            <TextLink href={profile} className={nameLinkClass}>
              {name}
            </TextLink>
          </h2>
          <p className={metaClass}>
            {[player.sport ? sportLabel(player.sport) : null, place].filter(Boolean).join(' · ')}
          </p>
          {player.isVerified ? (
            <span>
              <VerifiedBadge />
            </span>
          ) : null}
        </div>
      </div>
      {player.tagline ? <p className={taglineClass}>“{player.tagline}”</p> : null}
      <dl className={statsClass} aria-label={`${name} stats`}>
        <Stat label="Points" value={whole.format(player.wtaPoints)} title={formatPoints(player.wtaPoints)} />
        <Stat label="Wins" value={whole.format(player.wins)} />
        <Stat label="Games" value={whole.format(player.gamesPlayed)} />
      </dl>
      <div className={actionsClass}>
        <LinkButton
          href={profile}
          variant="outline"
          size="sm"
          className={actionClass}
          aria-label={`View Profile of ${name}`}
        >
          View Profile
        </LinkButton>
        {invite ? (
          invite.invited ? (
            <Button size="sm" className={actionClass} disabled aria-label={`Invited ${name}`}>
              <Check aria-hidden="true" />
              Invited
            </Button>
          ) : (
            <Button
              size="sm"
              className={cx(actionClass)}
              aria-label={`Invite ${name}`}
              // Not disabled while sending: a disabled button would drop the keyboard focus.
              aria-disabled={invite.sending || undefined}
              onClick={() => {
                if (!invite.sending) invite.onInvite();
              }}
              {...invite.disabledProps}
            >
              <UserPlus aria-hidden="true" />
              {invite.sending ? 'Inviting…' : 'Invite'}
            </Button>
          )
        ) : null}
      </div>
    </Card>
  );
}

function Stat({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div className={statClass}>
      <dt className={statLabelClass}>{label}</dt>
      <dd className={statValueClass} title={title}>
        {value}
      </dd>
    </div>
  );
}

const skeletonBlock = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l2' });

/** A placeholder card while the pool loads. */
export function FreeAgentCardSkeleton() {
  return (
    <Card aria-hidden="true" className={cardClass}>
      <div className={headClass}>
        <div className={cx(skeletonBlock, css({ borderRadius: 'full', height: '12', width: '12' }))} />
        <div className={cx(skeletonBlock, css({ height: '6', width: '3/5' }))} />
      </div>
      <div className={cx(skeletonBlock, css({ height: '4', width: '4/5' }))} />
      <div className={cx(skeletonBlock, css({ height: '16', width: 'full' }))} />
      <div className={cx(skeletonBlock, css({ height: '11', width: 'full' }))} />
    </Card>
  );
}
