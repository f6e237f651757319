import { Field } from '@ark-ui/react/field';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, HeartHandshake } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import {
  sponsorshipCheckoutSchema,
  sponsorshipTierIds,
  sponsorshipTiers,
  type SponsorshipTier,
} from '../../../../edge/features/payments/schema.ts';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client.ts';
import { fieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import { linkedTournamentQueryOptions, sponsorableTournamentsQueryOptions, startSponsorshipCheckout } from '../queries.ts';
import { serverFieldErrors } from '../server-errors.ts';
import { preselectTournament, sponsorableTournaments, withLinkedTournament } from '../tournament-choice.ts';

type FieldName = 'tier' | 'companyName' | 'contactEmail' | 'contactPhone' | 'website' | 'description' | 'tournamentId';

const fieldStyles = field();
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '8', md: '10' },
  maxWidth: '6xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const heroClass = css({ display: 'flex', flexDirection: 'column', gap: '3', maxWidth: '3xl' });
const titleClass = css({ fontFamily: 'display', fontSize: { base: '4xl', md: '6xl' }, fontWeight: 'black', lineHeight: 'none', textTransform: 'uppercase' });
const leadClass = css({ color: 'fg.muted', textStyle: { base: 'md', md: 'lg' } });
const sectionTitleClass = css({ fontSize: '2xl', fontWeight: 'extrabold' });
const tiersClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } });
const tierLabelClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '2px',
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  height: 'full',
  p: '5',
  position: 'relative',
  transitionDuration: 'normal',
  transitionProperty: 'colors',
  _hover: { borderColor: 'accent.border' },
  '&:has(input:checked)': { background: 'verified.subtle', borderColor: 'verified.default' },
  '&:has(input:focus-visible)': { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const radioClass = css({ accentColor: 'var(--colors-accent-default)', height: '5', width: '5', flexShrink: '0' });
const tierHeadClass = css({ alignItems: 'center', display: 'flex', gap: '3', fontSize: 'xl', fontWeight: 'black' });
const tierPriceClass = css({ fontSize: '3xl', fontVariantNumeric: 'tabular-nums', fontWeight: 'black', lineHeight: 'none' });
const perksClass = css({ display: 'flex', flexDirection: 'column', gap: '1.5', textStyle: 'sm' });
const perkClass = css({ alignItems: 'flex-start', display: 'flex', gap: '2', '& svg': { color: 'verified.text', flexShrink: '0', height: '4', mt: '0.5', width: '4' } });
const formInnerClass = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '8' } });
const gridClass = css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } });
const textareaClass = css({ minHeight: '32', py: '2', resize: 'vertical' });
const errorTextClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });
const buttonsClass = css({ display: 'flex', flexDirection: { base: 'column-reverse', sm: 'row' }, gap: '3', justifyContent: 'flex-end' });

interface FormState {
  tier: SponsorshipTier;
  companyName: string;
  contactEmail: string;
  contactPhone: string;
  website: string;
  description: string;
  /** The tournament the user picked; null until they touch the select, when the link's preselection applies. */
  tournamentId: string | null;
}

export interface SponsorshipPageProps {
  /** From `?tier=`: any text; only a known tier preselects (checked here, so the route file stays free of zod). */
  initialTier?: string | undefined;
  initialTournamentId?: number | undefined;
  /** Leaves for the checkout page (a full page load). */
  onCheckout: (url: string) => void;
}

/** /sponsorship (001 s2, s5, s9): the four tiers and the application that leads to the card checkout. */
export function SponsorshipPage({ initialTier, initialTournamentId, onCheckout }: SponsorshipPageProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormState>({
    tier: (sponsorshipTierIds as readonly string[]).includes(initialTier ?? '') ? (initialTier as SponsorshipTier) : 'gold',
    companyName: '',
    contactEmail: '',
    contactPhone: '',
    website: '',
    description: '',
    tournamentId: null,
  });
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const tournaments = useQuery(sponsorableTournamentsQueryOptions);
  // The list is one page (ADR 025): the link's own tournament is looked up too, in case it starts later.
  const linked = useQuery({
    ...linkedTournamentQueryOptions(initialTournamentId ?? 0),
    enabled: initialTournamentId !== undefined,
  });
  const linkedPending = initialTournamentId !== undefined && linked.isPending;
  const selectable = sponsorableTournaments(withLinkedTournament(tournaments.data ?? [], linked.data));
  // Only a tournament the list offers is preselected; a failed list offers none (league-wide still works).
  const preselection = preselectTournament(
    initialTournamentId,
    tournaments.isError ? [] : tournaments.data === undefined || linkedPending ? undefined : selectable,
  );
  const tournamentId = values.tournamentId ?? preselection.value;

  const checkout = useMutation({
    mutationFn: startSponsorshipCheckout,
    onSuccess: (res) => {
      if (res.checkoutUrl) onCheckout(res.checkoutUrl);
      else toast({ title: 'Failed to create checkout session', description: res.message, variant: 'destructive' });
    },
    onError: (error) => {
      if (getErrorStatus(error) === undefined) {
        toast({ title: 'Failed to process sponsorship application', description: 'An unexpected error occurred', variant: 'destructive' });
        return;
      }
      const fromServer = serverFieldErrors(error) as FieldErrors<FieldName>;
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        focusFirstInvalid(formRef.current);
      }
      toast({
        title: 'Failed to create checkout session',
        description: getErrorMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
    },
  });
  const busy = checkout.isPending || (checkout.isSuccess && Boolean(checkout.data.checkoutUrl));
  // Until the list says whether the link's tournament can be offered, a submit would sponsor the wrong thing.
  const waitingForTournaments = values.tournamentId === null && preselection.state === 'pending';
  const gate = useConnectionGate();

  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (waitingForTournaments) return;
    const application = { ...values, tournamentId };
    const result = sponsorshipCheckoutSchema.safeParse(application);
    if (!result.success) {
      setErrors(fieldErrors<FieldName>(result.error.issues));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    checkout.mutate(application);
  };

  const tournamentOptions = [
    { value: '', label: 'The whole league (no specific tournament)' },
    ...selectable.map((t) => ({ value: String(t.id), label: `${t.title}${t.status === 'live' ? ' (live now)' : ''}` })),
  ];
  // A tournament the user picked that closed while they typed stays chosen (never silently swapped for the
  // league); the server then says why it is refused.
  if (tournamentId && !tournamentOptions.some((o) => o.value === tournamentId)) {
    const closed = tournaments.data?.find((t) => String(t.id) === tournamentId);
    tournamentOptions.push({ value: tournamentId, label: closed ? `${closed.title} (closed)` : `Tournament #${tournamentId}` });
  }
  const tournamentHelp = tournaments.isError
    ? 'Tournaments could not be loaded; you can still sponsor the whole league.'
    : values.tournamentId === null && preselection.state === 'not-offered'
      ? 'The tournament in your link is not open for sponsorship, so the whole league is selected. You can choose an upcoming or live tournament instead.'
      : 'Optional: sponsor one upcoming or live tournament.';
  const price = money.format(sponsorshipTiers[values.tier].price);

  return (
    <div className={pageClass}>
      <header className={heroClass}>
        <h1 className={titleClass}>Become a Sponsor</h1>
        <p className={leadClass}>
          Put your brand in front of players and fans at WTA cash-prize tournaments. Pick a tier, tell us about your
          company and pay securely by card. Your logo goes live as soon as the payment clears.
        </p>
      </header>

      <form ref={formRef} onSubmit={submit} noValidate aria-label="Sponsorship application" className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
        <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <legend className={cx(sectionTitleClass, css({ mb: '4' }))}>Choose a tier</legend>
          <div className={tiersClass}>
            {sponsorshipTierIds.map((id) => {
              const tier = sponsorshipTiers[id];
              return (
                <label key={id} className={tierLabelClass}>
                  <span className={tierHeadClass}>
                    <input
                      type="radio"
                      name="tier"
                      value={id}
                      checked={values.tier === id}
                      onChange={set('tier')}
                      className={radioClass}
                      aria-labelledby={`tier-${id}-name`}
                      aria-describedby={`tier-${id}-price tier-${id}-perks`}
                    />
                    <span id={`tier-${id}-name`}>{tier.name}</span>
                  </span>
                  <span id={`tier-${id}-price`} className={tierPriceClass}>
                    {money.format(tier.price)}
                  </span>
                  <ul id={`tier-${id}-perks`} className={perksClass}>
                    {tier.perks.map((perk) => (
                      <li key={perk} className={perkClass}>
                        <Check aria-hidden="true" />
                        {perk}
                      </li>
                    ))}
                  </ul>
                </label>
              );
            })}
          </div>
          {errors.tier ? (
            <p className={errorTextClass} role="alert">
              {errors.tier}
            </p>
          ) : null}
        </fieldset>

        <Card>
          <div className={formInnerClass}>
            <h2 className={sectionTitleClass}>Your company</h2>
            <div className={gridClass}>
              <TextField
                label="Company Name"
                name="companyName"
                autoComplete="organization"
                required
                value={values.companyName}
                onChange={set('companyName')}
                error={errors.companyName}
              />
              <TextField
                label="Contact Email"
                name="contactEmail"
                type="email"
                autoComplete="email"
                required
                value={values.contactEmail}
                onChange={set('contactEmail')}
                error={errors.contactEmail}
              />
              <TextField
                label="Contact Phone"
                name="contactPhone"
                type="tel"
                autoComplete="tel"
                required
                value={values.contactPhone}
                onChange={set('contactPhone')}
                error={errors.contactPhone}
              />
              <TextField
                label="Website"
                name="website"
                type="url"
                autoComplete="url"
                placeholder="https://"
                helperText="Optional"
                value={values.website}
                onChange={set('website')}
                error={errors.website}
              />
            </div>
            <Field.Root className={fieldStyles.root} invalid={Boolean(errors.description)} required>
              <Field.Label className={fieldStyles.label}>Company Description</Field.Label>
              <Field.Textarea
                className={cx(fieldStyles.input, textareaClass)}
                name="description"
                rows={5}
                value={values.description}
                onChange={set('description')}
              />
              <Field.HelperText className={fieldStyles.helperText}>
                At least 20 characters: what you do and why you support the league.
              </Field.HelperText>
              <Field.ErrorText className={fieldStyles.errorText}>{errors.description}</Field.ErrorText>
            </Field.Root>
            <SelectField
              label="Tournament"
              name="tournamentId"
              options={tournamentOptions}
              value={tournamentId}
              onChange={set('tournamentId')}
              error={errors.tournamentId}
              helperText={tournamentHelp}
            />
            <div className={buttonsClass}>
              <LinkButton href="/" variant="outline" size="lg">
                Cancel
              </LinkButton>
              <Button type="submit" size="lg" variant="gold" disabled={busy || waitingForTournaments} {...gate.buttonProps}>
                <HeartHandshake aria-hidden="true" />
                {busy ? 'Redirecting to checkout...' : `Sponsor for ${price}`}
              </Button>
            </div>
            <NeedsConnectionNote gate={gate} action="Sponsoring" />
          </div>
        </Card>
      </form>
    </div>
  );
}
