import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AdminPayment } from '../../../edge/features/admin-payments/schema.ts';
import type { AuditLogItem } from '../../../edge/features/audit-log/schema.ts';
import type { BlogPost, BlogPostInput, BlogPostSummary, BlogPreview } from '../../../edge/features/blog/schema.ts';
import type { AdminPayout, TournamentPayouts } from '../../../edge/features/competition/money-schema.ts';
import type { AdminSponsor, SponsorStatus } from '../../../edge/features/sponsor-listings/schema.ts';
import { NEXT_CURSOR_HEADER } from '../../../edge/features/admin-payments/schema.ts';
import { apiGet, apiRequest, getQueryFn } from '../../lib/api-client.ts';

/** The admin Payments and Content tabs' reads and writes (D24), and the audit log the panels show. */

export type {
  AdminPayment,
  AdminPayout,
  AdminSponsor,
  AuditLogItem,
  BlogPost,
  BlogPostSummary,
  SponsorStatus,
  TournamentPayouts,
};

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A query string of the filters that are set (empty values are left out). */
export function searchOf(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A keyset-paged list (X-Next-Cursor): one page after another, the filters' URL as its key. */
function pagedList<T>(path: string, filters: Record<string, string | undefined>) {
  const first = `${path}${searchOf(filters)}`;
  return infiniteQueryOptions({
    queryKey: [first],
    queryFn: async ({ pageParam, signal, client }): Promise<Page<T>> => {
      const url = pageParam
        ? `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(pageParam)}`
        : first;
      const res = await apiGet(url, { signal, client });
      return { items: (await res.json()) as T[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });
}

export interface PaymentFilters {
  status?: string;
  kind?: string;
  tournamentId?: string;
  from?: string;
  to?: string;
  email?: string;
}

export const adminPaymentsQueryOptions = (filters: PaymentFilters) =>
  pagedList<AdminPayment>('/api/admin/payments', { ...filters } as Record<string, string | undefined>);

export const payoutLedgerQueryOptions = queryOptions({
  queryKey: ['/api/admin/payouts'],
  queryFn: getQueryFn<TournamentPayouts[]>({ on401: 'throw' }),
  retry: false,
});

export interface AuditFilters {
  targetType?: string;
  targetId?: string;
  /** Action names, sent comma-separated. */
  actions?: readonly string[];
}

export const auditLogQueryOptions = ({ targetType, targetId, actions }: AuditFilters) =>
  pagedList<AuditLogItem>('/api/admin/audit', { targetType, targetId, action: actions?.join(','), limit: '10' });

export const adminBlogPostsQueryOptions = () => pagedList<BlogPostSummary>('/api/admin/blog/posts', {});

export const adminSponsorsQueryOptions = (status: SponsorStatus | '') =>
  pagedList<AdminSponsor>('/api/admin/sponsors', { status });

const send = async <T>(method: string, url: string, body?: unknown) =>
  (await (await apiRequest(method, url, body)).json()) as T;

export const refundPayment = (id: number, reason: string) =>
  send<AdminPayment>('POST', `/api/admin/payments/${id}/refund`, { reason });
export const markPayoutPaid = (id: number, paidAt: string, reference: string) =>
  send<AdminPayout>('PATCH', `/api/admin/payouts/${id}`, { status: 'paid', paidAt, reference });
export const voidPayout = (id: number) => send<AdminPayout>('PATCH', `/api/admin/payouts/${id}`, { status: 'void' });

export const fetchBlogPost = (id: number) => send<BlogPost>('GET', `/api/admin/blog/posts/${id}`);
export const saveBlogPost = (id: number | null, post: BlogPostInput) =>
  id === null
    ? send<BlogPost>('POST', '/api/admin/blog/posts', post)
    : send<BlogPost>('PATCH', `/api/admin/blog/posts/${id}`, post);
export const setBlogPostPublished = (id: number, publish: boolean) =>
  send<BlogPost>('POST', `/api/admin/blog/posts/${id}/${publish ? 'publish' : 'unpublish'}`);
export const previewMarkdown = (content: string) => send<BlogPreview>('POST', '/api/admin/blog/preview', { content });

export const decideSponsor = (id: number, decision: 'approve' | 'hide') =>
  send<AdminSponsor>('POST', `/api/admin/sponsors/${id}/${decision}`);
export const rejectSponsor = (id: number, reason: string) =>
  send<AdminSponsor>('POST', `/api/admin/sponsors/${id}/reject`, { reason });
export const editSponsor = (
  id: number,
  edit: { companyName: string; website: string; description: string; logoUrl: string },
) => send<AdminSponsor>('PATCH', `/api/admin/sponsors/${id}`, edit);

/** Money in cents as the screens show it: $1,234.50. */
export const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  });
