import { queryOptions } from '@tanstack/react-query';
import type { EntryPass } from '../../../edge/features/check-in/schema.ts';
import type { MyTicket, TicketCheck } from '../../../edge/features/payments/schema.ts';

export type { EntryPass, MyTicket, TicketCheck };

/** GET /api/tickets/mine: the signed-in user's tickets. */
export const myTicketsQueryOptions = queryOptions<MyTicket[]>({ queryKey: ['/api/tickets/mine'] });

/** A ticket's QR image, drawn on the device (no network: it works offline once the ticket list is cached). */
export const ticketQrQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['ticket-qr', code],
    // The QR encoder loads with the first ticket shown, never with the app's first page (issue 12).
    queryFn: async () => (await import('./qr.ts')).ticketQrDataUrl(code),
    staleTime: Infinity,
  });

/** GET /api/entry-passes/mine (D39): the entrant's QR entry passes; saved on the device for the venue like tickets. */
export const myEntryPassesQueryOptions = queryOptions<EntryPass[]>({ queryKey: ['/api/entry-passes/mine'] });
