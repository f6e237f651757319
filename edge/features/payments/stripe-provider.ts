import Stripe from 'stripe';
import type { PaymentProvider, ProviderCheckout } from './provider.ts';

/** Where the SDK sends its requests: Stripe's API by default, a local mock in tests. */
export interface StripeProviderOptions {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** STRIPE_API_URL as the SDK's host settings: `http://127.0.0.1:12111` -> host, port and protocol. */
export function stripeEndpoint(apiUrl: string): Required<Pick<StripeProviderOptions, 'host' | 'port' | 'protocol'>> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    // Brackets and all for an IPv6 literal: the SDK's fetch client puts the host into a URL as it is.
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * The Stripe SDK on the fetch HTTP client, so the same code runs on Node and Workers (D1). One retry: the SDK
 * sends an idempotency key with every POST, so a retried session creation never opens two sessions.
 */
export function createStripeClient(options: StripeProviderOptions): Stripe {
  return new Stripe(options.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    telemetry: false,
    maxNetworkRetries: 1,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
}

/** The parts of a Checkout Session the payments module reads, as it arrives in a retrieve call or an event. */
export type StripeSessionLike = Pick<
  Stripe.Checkout.Session,
  'id' | 'payment_status' | 'status' | 'amount_total' | 'currency' | 'payment_intent'
>;

/** Stripe's session as the provider interface describes it. */
export function toProviderCheckout(session: StripeSessionLike): ProviderCheckout {
  const intent = session.payment_intent;
  const state: ProviderCheckout['state'] =
    session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  return {
    sessionId: session.id,
    paid: session.payment_status === 'paid',
    state,
    amountCents: session.amount_total ?? null,
    currency: session.currency ?? null,
    paymentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
  };
}

/** D3: every purchase is a Stripe Checkout Session; fulfilment waits for the webhook or verify-payment. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options);
  return {
    name: 'stripe',
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            price_data: {
              currency: input.currency,
              unit_amount: input.amountCents,
              product_data: { name: input.description },
            },
            quantity: 1,
          },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        // Stripe wants seconds, at least 30 minutes ahead.
        expires_at: Math.ceil(input.expiresAt.getTime() / 1000),
        metadata: input.metadata,
        ...(input.metadata.paymentId ? { client_reference_id: input.metadata.paymentId } : {}),
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    async retrieveCheckout(sessionId) {
      try {
        return toProviderCheckout(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        throw error;
      }
    },
    // D33: POST /v1/refunds for the PaymentIntent, with our idempotency key (the SDK sends it as the
    // Idempotency-Key header and reuses it on its own retry), so a refund is made once however often it is asked.
    async refund(input) {
      let intent = input.paymentId;
      if (!intent) intent = toProviderCheckout(await stripe.checkout.sessions.retrieve(input.sessionId)).paymentId;
      if (!intent) throw new Error(`Stripe checkout session ${input.sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id };
    },
  };
}

/** How far a signed event's timestamp may lie from our clock, either way (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A Stripe event as the webhook reads it. */
export interface StripeEventLike {
  id: string;
  type: string;
  data: { object: unknown };
}

/**
 * The `t=` of a Stripe-Signature header, read as the SDK reads it (the last `t` wins), or null. The signature covers
 * it, so once the SDK has verified the header this is the time Stripe signed the event.
 */
export function signedTimestamp(header: string): number | null {
  let timestamp: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp !== null && Number.isFinite(timestamp) ? timestamp : null;
}

/** A verified event, or why the delivery was refused (for the log only: every refusal answers the same 400). */
export type VerifiedEvent = { event: StripeEventLike; refused?: never } | { event: null; refused: string };

/**
 * Verifies a webhook (D3): the signature over the raw body with `constructEventAsync` (SubtleCrypto, so it runs on
 * Workers) and our injected clock, and the signed time within 5 minutes of now on BOTH sides. The SDK only refuses a
 * timestamp older than its tolerance; one from the future passes it (a negative age), so a captured event signed
 * ahead of time, or a sender whose clock runs far ahead, would be taken for the whole time until it "arrives". The
 * route answers 400 'Invalid signature' for every refusal alike.
 */
export async function verifyStripeEvent(body: string, header: string, secret: string, now: Date): Promise<VerifiedEvent> {
  let event: StripeEventLike;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      body,
      header,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
      now.getTime(),
    );
  } catch (error) {
    // The SDK's own words ("Timestamp outside the tolerance zone", "No signatures found matching ..."): they name
    // neither the secret nor the body.
    return { event: null, refused: error instanceof Error ? error.message : String(error) };
  }
  const signedAt = signedTimestamp(header);
  if (signedAt === null || signedAt - Math.floor(now.getTime() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
    return { event: null, refused: 'Timestamp ahead of the tolerance zone' };
  }
  return { event };
}
