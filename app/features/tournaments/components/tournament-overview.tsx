import { Check } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import type { Tournament } from '../../../../edge/features/tournaments/schema.ts';
import { useDisplayDates } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { tournamentDates } from '../../../lib/tournament-dates.ts';
import { formatRules } from '../format-rules.ts';
import { earlyRegistrationDate, prizeBreakdown } from '../tournament-display.ts';
import { mutedClass, panelClass, sectionClass, sectionTitleClass } from './tab-styles.ts';

const descriptionClass = css({ maxWidth: '3xl', textStyle: 'lg', whiteSpace: 'pre-line' });
const prizesClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
});
const prizeClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  _first: { background: 'verified.subtle', borderColor: 'verified.border' },
});
const placeClass = css({ fontWeight: 'bold', textStyle: 'sm' });
const splitsClass = css({ display: 'grid', gap: '3', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' });
const amountClass = css({ fontSize: '2xl', fontVariantNumeric: 'tabular-nums', fontWeight: 'black' });
const percentClass = css({ color: 'fg.muted', textStyle: 'sm' });
const rulesClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const ruleClass = css({
  alignItems: 'flex-start',
  display: 'flex',
  gap: '2',
  '& svg': { color: 'verified.text', flexShrink: '0', height: '5', mt: '0.5', width: '5' },
});
// The rules are 000's words, lower case as written there; a list item still reads as one from its capital.
const ruleTextClass = css({ _firstLetter: { textTransform: 'uppercase' } });
const datesClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
});
const dateClass = css({ borderColor: 'border.default', borderLeftWidth: '4px', pl: '3', py: '1' });
const dateLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'sm' });
const dateValueClass = css({ fontWeight: 'bold' });

/** Overview tab (000 s2): description, prize breakdown, rules and important dates. */
export function TournamentOverview({ tournament }: { tournament: Tournament }) {
  const { longDate, longDateTime } = useDisplayDates();
  const dates = [
    { label: 'Registration Opens', value: tournament.createdAt ? longDate(tournament.createdAt) : 'N/A' },
    { label: 'Early Registration', value: longDateTime(earlyRegistrationDate(tournament.startDate)) },
    // The schedule until it starts, then when it started and completed (issue 34).
    ...tournamentDates(tournament).map((date) => ({ label: `Tournament ${date.label}`, value: longDateTime(date.at) })),
    ...(tournament.endDate && !tournament.completedAt
      ? [{ label: 'Tournament Ends', value: longDateTime(tournament.endDate) }]
      : []),
  ];

  return (
    <div className={panelClass}>
      <section className={sectionClass} aria-labelledby="overview-about">
        <h2 id="overview-about" className={sectionTitleClass}>
          About This Tournament
        </h2>
        {tournament.description ? (
          <p className={descriptionClass}>{tournament.description}</p>
        ) : (
          <p className={mutedClass}>No description yet.</p>
        )}
      </section>

      <section className={sectionClass} aria-labelledby="overview-prizes">
        <h2 id="overview-prizes" className={sectionTitleClass}>
          Prize Breakdown
        </h2>
        <ul className={prizesClass}>
          {prizeBreakdown(tournament.prizePool).map((prize) => (
            <li key={prize.place} className={prizeClass}>
              <span className={placeClass}>{prize.place}</span>
              <span className={amountClass}>{formatMoney(prize.amount)}</span>
              <span className={percentClass}>{prize.percent}% of the prize pool</span>
            </li>
          ))}
        </ul>
      </section>

      {tournament.hostSplits ? (
        <section className={sectionClass} aria-labelledby="overview-host-splits">
          <h2 id="overview-host-splits" className={sectionTitleClass}>
            Prize Pool Distribution
          </h2>
          <p className={mutedClass}>How the host splits the money, as declared when the tournament was submitted.</p>
          <dl className={splitsClass}>
            {(
              [
                ['Winner', tournament.hostSplits.winner],
                ['Charity', tournament.hostSplits.charity],
                ['WTA', tournament.hostSplits.wta],
              ] as const
            ).map(([label, percent]) => (
              <div key={label} className={prizeClass}>
                <dt className={placeClass}>{label}</dt>
                {/* One text node: the server-rendered HTML and the hydrated page read the same "30%". */}
                <dd className={amountClass}>{`${percent}%`}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section className={sectionClass} aria-labelledby="overview-rules">
        <h2 id="overview-rules" className={sectionTitleClass}>
          Rules
        </h2>
        <ul className={rulesClass}>
          {formatRules(tournament.format).map((rule) => (
            <li key={rule} className={ruleClass}>
              <Check aria-hidden="true" />
              <span className={ruleTextClass}>{rule}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={sectionClass} aria-labelledby="overview-dates">
        <h2 id="overview-dates" className={sectionTitleClass}>
          Important Dates
        </h2>
        <dl className={datesClass}>
          {dates.map((d) => (
            <div key={d.label} className={dateClass}>
              <dt className={dateLabelClass}>{d.label}</dt>
              <dd className={dateValueClass}>{d.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
