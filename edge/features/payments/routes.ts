import { Hono } from 'hono';
import { adminFlags } from '../../lib/admin.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody } from '../../lib/validate.ts';
import { logRequest } from '../../middleware/request-log.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { isInEarlyWindow, isTeamTournament } from '../tournaments/schema.ts';
import { closePayment, fulfilPayment, recordEventOnly } from './fulfil.ts';
import { registerFree, takeSpot } from './registration-spot.ts';
import { isPayer, rememberGuestCheckout } from './payer.ts';
import type { ProviderCheckout } from './provider.ts';
import {
  DONATION_DOLLARS,
  EARLY_REGISTRATION_VERIFIED_ONLY,
  FANS_CANNOT_REGISTER,
  FOREIGN_ADMINS_CANNOT_REGISTER,
  registrationRoles,
  sponsorshipCheckoutSchema,
  sponsorshipTiers,
  TEAM_ENTRY_TEXTS,
  ticketTiers,
  ticketsOnSale,
  TICKETS_NOT_ON_SALE,
  type CheckoutResponse,
  type VerifyPaymentResponse,
} from './schema.ts';
import { registrationCheckoutSchema, ticketCheckoutSchema, verifyPaymentSchema } from './requests.ts';
import {
  checkoutOfHold,
  checkoutResponse,
  hasSignedWaiver,
  isLiveHold,
  listedTournament,
  openCheckout,
  ownRegistration,
  paymentBySession,
  returnUrl,
  toTestCheckoutSession,
  verifyMetadata,
  type PaymentRow,
} from './service.ts';
import { registerTeam } from './team-entry.ts';
import {
  toProviderCheckout,
  verifyStripeEvent,
  type StripeEventLike,
  type StripeSessionLike,
} from './stripe-provider.ts';
import { registrationClosesAt } from '../check-in/schema.ts';

const CHECKOUT_FAILED = 'Failed to create checkout session';
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'checkout.session.async_payment_failed',
]);

/** /api/stripe: checkout for every kind, verify-payment and the webhook (D3). */
export const stripeRoutes = new Hono<AppEnv>()
  // D9: every rule on the server, in the order the screens explain them.
  .post('/checkout/tournament-registration', requireUser, jsonBody(registrationCheckoutSchema), async (c) => {
    const { db, now: clock, payments, config } = c.var.deps;
    const user = c.var.user;
    const now = clock();
    const { tournamentId, registrationType, teamId } = c.req.valid('json');
    if (!registrationRoles.includes(user.role)) return c.json({ message: FANS_CANNOT_REGISTER }, 403);
    const { hasAdminRole, isAdmin } = adminFlags(user, config.leagueEmailDomain);
    if (hasAdminRole && !isAdmin) return c.json({ message: FOREIGN_ADMINS_CANNOT_REGISTER }, 403);
    const tournament = await listedTournament(db, tournamentId);
    if (!tournament) return c.json({ message: 'Tournament not found' }, 404);
    // D39: with check-in, registration ends at its close (30 minutes before the start); otherwise at the start (D12).
    if (tournament.status !== 'upcoming' || registrationClosesAt(tournament).getTime() <= now.getTime()) {
      return c.json({ message: 'Registration is closed for this tournament' }, 409);
    }
    // D22: a team tournament takes teams, entered by their owners; every other tournament takes players.
    if (isTeamTournament(tournament) !== (registrationType === 'team')) {
      return c.json(
        {
          message: isTeamTournament(tournament)
            ? TEAM_ENTRY_TEXTS.soloInTeamTournament
            : TEAM_ENTRY_TEXTS.teamInSoloTournament,
        },
        409,
      );
    }
    if (registrationType === 'team') {
      const answer = await registerTeam({
        db,
        payments,
        publicUrl: config.publicUrl,
        now,
        user,
        tournament,
        teamId: teamId!,
      });
      return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, answer.status);
    }
    if (!(await hasSignedWaiver(db, user.id))) {
      return c.json({ message: 'You must sign the liability waiver before registering' }, 403);
    }
    if (isInEarlyWindow(tournament.startDate, now) && !user.isVerified) {
      return c.json({ message: EARLY_REGISTRATION_VERIFIED_ONLY }, 403);
    }

    // Already registered, or a double click: answered from the user's own row before touching capacity.
    const answerExisting = async (): Promise<Response | null> => {
      const own = await ownRegistration(db, tournament.id, user.id);
      if (own?.status === 'registered')
        return c.json({ message: 'You are already registered for this tournament' }, 409);
      if (own && isLiveHold(own, now)) {
        const payment = await checkoutOfHold(db, own.id);
        if (payment) return c.json(checkoutResponse(payment), 200);
        return c.json({ message: 'Your checkout is being prepared. Please try again in a moment.' }, 409);
      }
      return null;
    };
    const existing = await answerExisting();
    if (existing) return existing;

    const free = tournament.buyIn <= 0;
    const taken = free
      ? await registerFree(db, { userId: user.id, tournament, now })
      : await takeSpot(db, { userId: user.id, tournament, now, status: 'pending_payment' });
    if (!taken) {
      // Lost a race: to our own other click, or for the last spot.
      return (await answerExisting()) ?? c.json({ message: TEAM_ENTRY_TEXTS.full }, 409);
    }
    if (free) {
      return c.json(
        {
          checkoutUrl: null,
          sessionId: null,
          registered: true,
          message: `You're registered for ${tournament.title}`,
        } satisfies CheckoutResponse,
        200,
      );
    }

    const hold = await ownRegistration(db, tournament.id, user.id);
    const payment = await openCheckout(db, payments, config.publicUrl, now, {
      kind: 'registration',
      amountCents: tournament.buyIn * 100,
      description: `Tournament registration - ${tournament.title}`,
      userId: user.id,
      customerEmail: user.email,
      tournamentId: tournament.id,
      tier: null,
      registrationId: hold!.id,
    });
    if (!payment) return c.json({ message: CHECKOUT_FAILED }, 502);
    return c.json(checkoutResponse(payment), 200);
  })

  .post('/checkout/ticket', requireUser, jsonBody(ticketCheckoutSchema), async (c) => {
    const { db, now, payments, config } = c.var.deps;
    const { tournamentId, tier } = c.req.valid('json');
    const tournament = await listedTournament(db, tournamentId);
    if (!tournament) return c.json({ message: 'Tournament not found' }, 404);
    if (!ticketsOnSale(tournament.status)) return c.json({ message: TICKETS_NOT_ON_SALE }, 409);
    const price = ticketTiers[tier];
    const payment = await openCheckout(db, payments, config.publicUrl, now(), {
      kind: 'ticket',
      amountCents: price.price * 100,
      description: `${price.name} - ${tournament.title}`,
      userId: c.var.user.id,
      customerEmail: c.var.user.email,
      tournamentId: tournament.id,
      tier,
    });
    if (!payment) return c.json({ message: CHECKOUT_FAILED }, 502);
    return c.json(checkoutResponse(payment), 200);
  })

  // 001 s5: guests may sponsor; a signed-in buyer is recorded and notified.
  .post('/checkout/sponsorship', jsonBody(sponsorshipCheckoutSchema), async (c) => {
    const { db, now, payments, config } = c.var.deps;
    const { tier, tournamentId, ...application } = c.req.valid('json');
    let tournament: Awaited<ReturnType<typeof listedTournament>> = null;
    if (tournamentId !== undefined) {
      tournament = await listedTournament(db, tournamentId);
      if (!tournament) return c.json({ message: 'Tournament not found' }, 404);
      if (tournament.status === 'completed') {
        return c.json({ message: 'Sponsorship is closed for this tournament' }, 409);
      }
    }
    const price = sponsorshipTiers[tier];
    const payment = await openCheckout(db, payments, config.publicUrl, now(), {
      kind: 'sponsorship',
      amountCents: price.price * 100,
      description: `${price.name} Sponsorship - ${tournament ? tournament.title : 'WTA League'}`,
      userId: c.var.user?.id ?? null,
      customerEmail: application.contactEmail,
      tournamentId: tournament?.id ?? null,
      tier,
      application,
    });
    if (!payment) return c.json({ message: CHECKOUT_FAILED }, 502);
    if (!c.var.user) rememberGuestCheckout(c, payment.providerSessionId, config.publicUrl);
    return c.json(checkoutResponse(payment), 200);
  })

  // D17: one dollar, guests welcome, no body needed.
  .post('/checkout/donation', async (c) => {
    const { db, now, payments, config } = c.var.deps;
    const payment = await openCheckout(db, payments, config.publicUrl, now(), {
      kind: 'donation',
      amountCents: DONATION_DOLLARS * 100,
      description: 'Donation to the WTA League',
      userId: c.var.user?.id ?? null,
      customerEmail: c.var.user?.email ?? null,
      tournamentId: null,
      tier: null,
    });
    if (!payment) return c.json({ message: CHECKOUT_FAILED }, 502);
    if (!c.var.user) rememberGuestCheckout(c, payment.providerSessionId, config.publicUrl);
    return c.json(checkoutResponse(payment), 200);
  })

  // 001 s7: the return page. Fulfils through the same function as the webhook when the buyer is back first.
  .post('/verify-payment', jsonBody(verifyPaymentSchema), async (c) => {
    const { db, now: clock, payments } = c.var.deps;
    const { sessionId } = c.req.valid('json');
    let payment = await paymentBySession(db, sessionId);
    if (!payment) return c.json({ message: 'Invalid payment session' }, 404);
    const viewer = c.var.user?.id ?? null;
    // Whoever holds the link learns whether it was paid; only the payer learns what, for how much and where.
    const answer = async (success: boolean, message: string, row: PaymentRow) =>
      c.json(
        {
          success,
          message,
          metadata: isPayer(c, row, viewer) ? await verifyMetadata(db, row, viewer) : null,
        } satisfies VerifyPaymentResponse,
        200,
      );

    if (payment.status === 'pending' && payment.provider === 'stripe' && payments.name === 'stripe') {
      const checkout = await payments.retrieveCheckout(payment.providerSessionId);
      if (checkout?.paid) {
        const outcome = await fulfilPayment(db, {
          paymentId: payment.id,
          by: 'verify-payment',
          now: clock(),
          checkout,
        });
        if (outcome === 'mismatch') return answer(false, 'Payment verification failed', payment);
      } else if (checkout?.state === 'expired') {
        await closePayment(db, { paymentId: payment.id, status: 'expired', now: clock() });
      }
      payment = (await paymentBySession(db, sessionId))!;
    } else if (payment.status === 'pending' && payment.expiresAt.getTime() <= clock().getTime()) {
      await closePayment(db, { paymentId: payment.id, status: 'expired', now: clock() });
      payment = (await paymentBySession(db, sessionId))!;
    }

    switch (payment.status) {
      case 'paid':
        return answer(true, 'Payment successful', payment);
      case 'cancelled':
        return answer(false, 'This payment was cancelled', payment);
      case 'expired':
        return answer(false, 'This checkout session has expired', payment);
      default:
        return answer(false, 'Payment not completed', payment);
    }
  })

  // D3: Stripe's signed events. The raw body is what is signed, so it is read as text before anything else.
  .post('/webhook', async (c) => {
    const { db, now: clock, payments, config } = c.var.deps;
    if (!config.stripe || payments.name !== 'stripe') {
      return c.json({ message: 'Stripe payments are not configured on this server' }, 503);
    }
    const body = await c.req.text();
    const secret = config.stripe.webhookSecret;
    let event: StripeEventLike;
    // ADR 060: a refused delivery is one log line, so a wrong secret (every event refused) shows in `wrangler tail`.
    const refuse = (message: string, reason: string) => {
      logRequest(c, { level: 'warn', event: 'webhook', status: 400, message: `${message}: ${reason}` });
      return c.json({ message }, 400);
    };
    if (secret) {
      // A bad signature, and a signed time more than 5 minutes before or after now, are all the same 400.
      const verified = await verifyStripeEvent(body, c.req.header('stripe-signature') ?? '', secret, clock());
      if (!verified.event) return refuse('Invalid signature', verified.refused);
      event = verified.event;
    } else {
      try {
        event = JSON.parse(body) as typeof event;
      } catch {
        return refuse('Invalid event', 'the body is not JSON');
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') {
        return refuse('Invalid event', 'no event id or type');
      }
    }
    if (!HANDLED_EVENTS.has(event.type)) return c.json({ received: true }, 200);

    const handled = { id: event.id, type: event.type };
    const sessionId = (event.data?.object as { id?: unknown } | undefined)?.id;
    const payment = typeof sessionId === 'string' ? await paymentBySession(db, sessionId, 'stripe') : null;
    if (!payment) {
      // Not ours (another integration on the same Stripe account). Only a signed event is worth remembering.
      if (secret) await recordEventOnly(db, handled, clock());
      return c.json({ received: true }, 200);
    }

    // Unsigned bodies are never trusted: the session is read back from Stripe before anything changes.
    let checkout: ProviderCheckout | null;
    if (secret) checkout = toProviderCheckout(event.data.object as StripeSessionLike);
    else {
      checkout = await payments.retrieveCheckout(payment.providerSessionId);
      if (!checkout) return c.json({ received: true }, 200);
    }

    const succeeded =
      event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
    if (succeeded && checkout.paid) {
      await fulfilPayment(db, { paymentId: payment.id, by: 'webhook', now: clock(), checkout, event: handled });
    } else if (!succeeded && !checkout.paid && (secret || checkout.state !== 'open')) {
      await closePayment(db, { paymentId: payment.id, status: 'expired', now: clock(), event: handled });
    } else {
      await recordEventOnly(db, handled, clock());
    }
    return c.json({ received: true }, 200);
  });

/** Pay and Cancel of the test checkout: only the buyer of a payment tied to an account may press them. */
function refuseStranger(payment: PaymentRow, userId: string | undefined): string | null {
  if (payment.userId && payment.userId !== userId) return 'Only the buyer can complete or cancel this checkout';
  return null;
}

/** /api/payments: the built-in test checkout's session, Pay and Cancel (D3). */
export const paymentRoutes = new Hono<AppEnv>()
  .get('/test-checkout/:sessionId', async (c) => {
    const { db, now, payments } = c.var.deps;
    const payment = payments.name === 'test' ? await paymentBySession(db, c.req.param('sessionId'), 'test') : null;
    if (!payment) return c.json({ message: 'Checkout session not found' }, 404);
    return c.json(toTestCheckoutSession(payment, now()), 200);
  })
  .post('/test-checkout/:sessionId/pay', async (c) => {
    const { db, now: clock, payments } = c.var.deps;
    let payment = payments.name === 'test' ? await paymentBySession(db, c.req.param('sessionId'), 'test') : null;
    if (!payment) return c.json({ message: 'Checkout session not found' }, 404);
    const refused = refuseStranger(payment, c.var.user?.id);
    if (refused) return c.json({ message: refused }, 403);
    const now = clock();
    if (payment.status === 'pending' && payment.expiresAt.getTime() <= now.getTime()) {
      await closePayment(db, { paymentId: payment.id, status: 'expired', now });
      payment = (await paymentBySession(db, payment.providerSessionId, 'test'))!;
    }
    if (payment.status === 'pending') {
      await fulfilPayment(db, { paymentId: payment.id, by: 'test-checkout', now });
      payment = (await paymentBySession(db, payment.providerSessionId, 'test'))!;
    }
    if (payment.status === 'paid') return c.json({ redirectUrl: returnUrl(payment, 'success') }, 200);
    if (payment.status === 'expired') return c.json({ message: 'This checkout session has expired' }, 410);
    return c.json({ message: 'This checkout session was cancelled' }, 409);
  })
  .post('/test-checkout/:sessionId/cancel', async (c) => {
    const { db, now: clock, payments } = c.var.deps;
    let payment = payments.name === 'test' ? await paymentBySession(db, c.req.param('sessionId'), 'test') : null;
    if (!payment) return c.json({ message: 'Checkout session not found' }, 404);
    const refused = refuseStranger(payment, c.var.user?.id);
    if (refused) return c.json({ message: refused }, 403);
    const now = clock();
    if (payment.status === 'pending') {
      const lapsed = payment.expiresAt.getTime() <= now.getTime();
      await closePayment(db, { paymentId: payment.id, status: lapsed ? 'expired' : 'cancelled', now });
      payment = (await paymentBySession(db, payment.providerSessionId, 'test'))!;
    }
    if (payment.status === 'cancelled') return c.json({ redirectUrl: returnUrl(payment, 'cancel') }, 200);
    if (payment.status === 'expired') return c.json({ message: 'This checkout session has expired' }, 410);
    return c.json({ message: 'This payment is already complete' }, 409);
  });
