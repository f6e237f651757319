import { queryOptions } from '@tanstack/react-query';
import type { MyTicket, TicketCheck } from '../../../edge/features/payments/schema.ts';
import { ticketQrDataUrl } from './qr.ts';

export type { MyTicket, TicketCheck };

/** GET /api/tickets/mine: the signed-in user's tickets. */
export const myTicketsQueryOptions = queryOptions<MyTicket[]>({ queryKey: ['/api/tickets/mine'] });

/** A ticket's QR image, drawn on the device (no network: it works offline once the ticket list is cached). */
export const ticketQrQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['ticket-qr', code],
    queryFn: () => ticketQrDataUrl(code),
    staleTime: Infinity,
  });
