import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { adminAccessDenial, DEFAULT_ADMIN_TAB, parseAdminTab, type AdminTab } from '../features/admin/admin-access.ts';
import { AccessDenied } from '../features/admin/components/access-denied.tsx';
import { AdminControlCenter } from '../features/admin/components/admin-control-center.tsx';
import { userQueryOptions } from '../features/auth/queries.ts';
import { ManagerTournamentForm } from '../features/hosting/components/manager-tournament-form.tsx';
import { IncidentsPanel } from '../features/incidents/components/incidents-panel.tsx';
import { MemberStandingActions } from '../features/incidents/components/member-standing-actions.tsx';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

interface AdminSearch {
  /** The open tab (001 s2); absent means Users. */
  tab?: AdminTab;
}

export const Route = createFileRoute('/admin')({
  validateSearch: (search: Record<string, unknown>): AdminSearch => {
    const tab = parseAdminTab(search.tab);
    return { tab: tab === DEFAULT_ADMIN_TAB ? undefined : tab } satisfies ValidatedSearch<AdminSearch>;
  },
  component: AdminPage,
});

function AdminPage() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const denial = adminAccessDenial(user);
  return (
    <>
      <DocumentTitle>Owners Locker Room | WTA League</DocumentTitle>
      {denial ? (
        <AccessDenied denial={denial} />
      ) : (
        <AdminControlCenter
          tab={tab ?? DEFAULT_ADMIN_TAB}
          viewer={{ id: user!.id, isSuperAdmin: user!.isSuperAdmin }}
          onTabChange={(next) =>
            void navigate({
              search: next === DEFAULT_ADMIN_TAB ? {} : { tab: next },
              replace: true,
              resetScroll: false,
            })
          }
          tournamentForm={(props) => <ManagerTournamentForm {...props} />}
          incidents={<IncidentsPanel />}
          memberActions={(member) =>
            member.id === user!.id ? null : (
              <MemberStandingActions
                memberId={member.id}
                memberName={`${member.firstName} ${member.lastName}`}
                standing={member.standing}
              />
            )
          }
        />
      )}
    </>
  );
}
