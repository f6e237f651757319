import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { link } from '../../../../styled-system/recipes';
import type { Sponsor } from '../../../../edge/features/tournaments/schema.ts';
import { initials } from '../../../ui/avatar.tsx';
import { Card } from '../../../ui/card.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { tournamentSponsorsQueryOptions } from '../queries.ts';
import { groupSponsorsByTier, safeWebsite, sponsorDescription, websiteLabel } from '../tournament-display.ts';
import { FetchError } from './fetch-error.tsx';
import { mutedClass, panelClass, sectionClass, sectionTitleClass, skeletonClass, subTitleClass } from './tab-styles.ts';

const gridClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
});
// The tiers side by side on a wide screen (one column each, as many as fit), stacked on a phone: a tournament has a
// sponsor or two per tier, so a grid of cards per tier left most of a desktop empty.
const tiersClass = css({
  alignItems: 'start',
  display: 'grid',
  gap: { base: '8', md: '6' },
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
});
const tierListClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const cardClass = css({ height: 'full' });
const cardInnerClass = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '5' });
const cardHeadClass = css({ alignItems: 'center', display: 'flex', gap: '4' });
const logoClass = css({
  alignItems: 'center',
  background: 'bg.subtle',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  display: 'flex',
  flexShrink: '0',
  height: '14',
  justifyContent: 'center',
  overflow: 'hidden',
  width: '14',
});
const logoImageClass = css({ height: 'full', objectFit: 'contain', width: 'full' });
const initialsClass = css({ fontFamily: 'display', fontSize: 'xl', fontWeight: 'black' });
const nameClass = css({ fontWeight: 'extrabold', textStyle: 'lg' });
const websiteClass = css({
  alignItems: 'center',
  alignSelf: 'flex-start',
  display: 'inline-flex',
  gap: '1.5',
  minHeight: 'touch',
  overflowWrap: 'anywhere',
  textStyle: 'sm',
  '& svg': { flexShrink: '0' },
});
const skeletonHeightClass = css({ height: '28' });
const tierTitleClass = css({ alignItems: 'center', display: 'flex', gap: '2' });
const tierDotClass = css({ borderRadius: 'full', height: '3', width: '3' });
const tierDotColors = {
  title: css({ background: 'sponsorTier.title' }),
  gold: css({ background: 'sponsorTier.gold' }),
  silver: css({ background: 'sponsorTier.silver' }),
  bronze: css({ background: 'sponsorTier.bronze' }),
} as const;

function SponsorCard({ sponsor }: { sponsor: Sponsor }) {
  const website = safeWebsite(sponsor.website);
  return (
    <Card className={cardClass}>
      <div className={cardInnerClass}>
        <div className={cardHeadClass}>
          <div className={logoClass}>
            {sponsor.logoUrl ? (
              <img className={logoImageClass} src={sponsor.logoUrl} alt={`${sponsor.companyName} logo`} loading="lazy" />
            ) : (
              <span className={initialsClass} aria-hidden="true">
                {initials(sponsor.companyName)}
              </span>
            )}
          </div>
          <h4 className={nameClass}>{sponsor.companyName}</h4>
        </div>
        <p className={mutedClass}>{sponsorDescription(sponsor)}</p>
        {website ? (
          <a className={`${link()} ${websiteClass}`} href={website} target="_blank" rel="noopener noreferrer">
            {websiteLabel(website)}
            <ExternalLink aria-hidden="true" size={16} />
            <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
          </a>
        ) : null}
      </div>
    </Card>
  );
}

/** Sponsors tab (000 s2): grouped by tier, title first. */
export function TournamentSponsors({ tournamentId }: { tournamentId: number }) {
  const query = useQuery(tournamentSponsorsQueryOptions(tournamentId));

  return (
    <div className={panelClass}>
      <h2 className={sectionTitleClass}>Sponsors</h2>
      {query.isPending ? (
        <div aria-busy="true" className={gridClass}>
          <VisuallyHidden role="status">Loading sponsors</VisuallyHidden>
          {[0, 1, 2].map((i) => (
            <div key={i} className={`${skeletonClass} ${skeletonHeightClass}`} aria-hidden="true" />
          ))}
        </div>
      ) : query.isError ? (
        <FetchError title="Error" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className={mutedClass}>No sponsors for this tournament yet</p>
      ) : (
        <div className={tiersClass}>
          {groupSponsorsByTier(query.data).map((group) => (
            <section key={group.tier} className={sectionClass} aria-labelledby={`sponsors-${group.tier}`}>
              <h3 id={`sponsors-${group.tier}`} className={`${subTitleClass} ${tierTitleClass}`}>
                <span className={`${tierDotClass} ${tierDotColors[group.tier]}`} aria-hidden="true" />
                {group.label}
              </h3>
              <ul className={tierListClass}>
                {group.sponsors.map((sponsor) => (
                  <li key={sponsor.id}>
                    <SponsorCard sponsor={sponsor} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
