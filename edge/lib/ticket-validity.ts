import { sql } from 'drizzle-orm';
import { refunds } from '../../db/schema/competition.ts';
import { tickets } from '../../db/schema/payments.ts';

/**
 * A ticket admits its holder only while its payment has no refund (D24, D33): an admin's refund or a cancelled
 * tournament gives the money back, and the ticket stops being valid at every door at that moment (the check, the
 * door's check-in and the list a door keeps for use without signal). One correlated lookup on refunds' unique
 * payment_id index per ticket.
 */
export const ticketNotRefunded = sql`not exists (select 1 from ${refunds} where ${refunds.paymentId} = ${tickets.paymentId})`;
