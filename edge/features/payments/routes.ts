import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** /api/stripe: checkout for every kind, verify-payment and the webhook (D3). */
export const stripeRoutes = new Hono<AppEnv>();

/** /api/payments: the built-in test checkout's session, Pay and Cancel (D3). */
export const paymentRoutes = new Hono<AppEnv>();
