import { queryOptions } from '@tanstack/react-query';
import type { VerifiedDashboard } from '../../../edge/features/verified-dashboard/schema.ts';

export type {
  BenefitEntry,
  HostedTournament,
  MediaAppearance,
  VerifiedDashboard,
} from '../../../edge/features/verified-dashboard/schema.ts';

/** GET /api/verified-dashboard (D32): the four tabs' data. */
export const verifiedDashboardQueryOptions = queryOptions<VerifiedDashboard>({ queryKey: ['/api/verified-dashboard'] });
