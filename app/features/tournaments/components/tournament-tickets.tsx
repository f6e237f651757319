import { Check, Ticket } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { formatMoney } from '../tournament-display.ts';
import { promptGuestToLogIn } from './guest-prompt.ts';
import { noteClass, panelClass, sectionTitleClass } from './tab-styles.ts';

/** The ticket tiers of 000 s9 (tiers general, supporter, media_pass of 000 s3). */
const ticketTiers = [
  { tier: 'general', name: 'General Admission', price: 10, perks: ['Venue access', 'Standing room', 'Concessions'] },
  {
    tier: 'supporter',
    name: 'Supporter Pass',
    price: 25,
    perks: ['Everything in General Admission', 'Reserved seating', 'Merchandise discount', 'Meet & greet'],
  },
  {
    tier: 'media_pass',
    name: 'Media Pass',
    price: 50,
    perks: ['Everything in Supporter Pass', 'Courtside', 'Press box', 'Player interviews', 'Photo opportunities'],
  },
] as const;

const gridClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } });
const cardInnerClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '4', p: '6' });
const nameClass = css({ alignItems: 'center', display: 'flex', fontWeight: 'extrabold', gap: '2', textStyle: 'lg' });
const priceClass = css({ fontSize: '4xl', fontVariantNumeric: 'tabular-nums', fontWeight: 'black', lineHeight: 'none' });
const perksClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '2' });
const perkClass = css({
  alignItems: 'flex-start',
  display: 'flex',
  gap: '2',
  '& svg': { color: 'verified.text', flexShrink: '0', height: '5', mt: '0.5', width: '5' },
});
const cardClass = css({ height: 'full' });
const featuredClass = css({ borderColor: 'verified.border', borderWidth: '2px' });

export interface TournamentTicketsProps {
  signedIn: boolean;
  /** Sends a guest to /register after the log-in prompt. */
  onGuestRedirect: () => void;
}

/** Tickets tab (000 s2, s9): three tiers, each with Purchase Ticket. */
export function TournamentTickets({ signedIn, onGuestRedirect }: TournamentTicketsProps) {
  return (
    <div className={panelClass}>
      <h2 className={sectionTitleClass}>Tickets</h2>
      <ul className={gridClass}>
        {ticketTiers.map((t) => (
          <li key={t.tier}>
            <Card className={t.tier === 'supporter' ? `${cardClass} ${featuredClass}` : cardClass}>
              <div className={cardInnerClass}>
                <h3 className={nameClass}>
                  <Ticket aria-hidden="true" size={20} />
                  {t.name}
                </h3>
                <p className={priceClass}>{formatMoney(t.price)}</p>
                <ul className={perksClass} aria-label={`${t.name} includes`}>
                  {t.perks.map((perk) => (
                    <li key={perk} className={perkClass}>
                      <Check aria-hidden="true" />
                      {perk}
                    </li>
                  ))}
                </ul>
                {signedIn ? (
                  <Button fullWidth disabled aria-describedby="tickets-checkout-note">
                    Purchase Ticket
                  </Button>
                ) : (
                  <Button fullWidth onClick={() => promptGuestToLogIn('purchase tickets', onGuestRedirect)}>
                    Purchase Ticket
                  </Button>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {signedIn ? (
        <p id="tickets-checkout-note" className={noteClass}>
          Online checkout is not available yet
        </p>
      ) : null}
    </div>
  );
}
