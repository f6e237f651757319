import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldMinus, ShieldPlus } from 'lucide-react';
import { css } from '../../../../../styled-system/css';
import { toastRequestError } from '../../../../lib/error-toast.ts';
import { Avatar } from '../../../../ui/avatar.tsx';
import { Badge } from '../../../../ui/badge.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../../../../ui/card.tsx';
import { toast } from '../../../../ui/toast.tsx';
import { VisuallyHidden } from '../../../../ui/visually-hidden.tsx';
import { roleLabel, type AdminViewer } from '../../member-display.ts';
import {
  adminHoldersQueryOptions,
  coachesQueryOptions,
  MEMBERS_KEY,
  setMemberRole,
  type AdminHolder,
  type MemberRole,
} from '../../members-queries.ts';
import { FetchFailure } from '../fetch-failure.tsx';
import { emptyClass, listClass, noteClass, panelClass, skeletonClass } from '../styles.ts';

const rowClass = css({
  alignItems: { base: 'flex-start', sm: 'center' },
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  py: '3',
  _last: { borderBottomWidth: '0' },
});
const whoClass = css({ alignItems: 'center', display: 'flex', flex: '1', gap: '3', minWidth: '0' });
const nameClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const mutedClass = css({ color: 'fg.muted', overflowWrap: 'anywhere', textStyle: 'sm' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const skeletonItemClass = css({ height: '14' });

function Loading({ label }: { label: string }) {
  return (
    <div className={listClass} aria-busy="true" aria-label={label}>
      <div className={`${skeletonClass} ${skeletonItemClass}`} />
      <div className={`${skeletonClass} ${skeletonItemClass}`} />
    </div>
  );
}

/** D24: who holds admin and super_admin; super admins grant the other admin role or revoke it (back to player). */
function AdminHolders({ viewer }: { viewer: AdminViewer }) {
  const queryClient = useQueryClient();
  const query = useQuery(adminHoldersQueryOptions);
  const change = useMutation({
    mutationFn: ({ holder, role }: { holder: AdminHolder; role: MemberRole }) => setMemberRole(holder.id, role),
    onSuccess: async (saved) => {
      toast({
        title: 'Permissions Updated',
        description: `${saved.firstName} ${saved.lastName} is now ${roleLabel(saved.role).toLowerCase()}.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminHoldersQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] }),
      ]);
    },
    onError: (error) => toastRequestError(error, 'Update Failed', 'Failed to change the role'),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Admins and Super Admins</CardTitle>
        <CardDescription>
          {viewer.isSuperAdmin
            ? 'Grant an admin role from a member\u2019s row in the Users tab; change or revoke it here.'
            : 'Only a super admin grants or revokes admin roles.'}
        </CardDescription>
      </CardHeader>
      <CardBody>
        {query.isPending ? (
          <Loading label="Loading admins" />
        ) : query.isError ? (
          <FetchFailure title="Failed to load admins" error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <p className={emptyClass}>No admins</p>
        ) : (
          <ul aria-label="Admins and super admins">
            {query.data.map((holder) => {
              const name = `${holder.firstName} ${holder.lastName}`;
              const other: MemberRole = holder.role === 'admin' ? 'super_admin' : 'admin';
              const canChange = viewer.isSuperAdmin && holder.id !== viewer.id;
              return (
                <li key={holder.id} className={rowClass}>
                  <div className={whoClass}>
                    <Avatar name={name} />
                    <div>
                      <p className={nameClass}>
                        {name}
                        {holder.id === viewer.id ? <span className={mutedClass}> (you)</span> : null}
                      </p>
                      <p className={mutedClass}>{holder.email}</p>
                      {holder.hasValidDomain ? null : (
                        <p className={mutedClass}>Not on the league domain: this role grants no admin rights.</p>
                      )}
                    </div>
                  </div>
                  <Badge tone={holder.role === 'super_admin' ? 'accent' : 'neutral'}>
                    <ShieldCheck aria-hidden="true" />
                    {roleLabel(holder.role)}
                  </Badge>
                  {canChange ? (
                    <div className={actionsClass}>
                      {holder.hasValidDomain ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={change.isPending}
                          onClick={() => change.mutate({ holder, role: other })}
                        >
                          <ShieldPlus aria-hidden="true" />
                          Make {roleLabel(other)}
                          <VisuallyHidden>: {name}</VisuallyHidden>
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="outline"
                        tone="danger"
                        disabled={change.isPending}
                        onClick={() => change.mutate({ holder, role: 'player' })}
                      >
                        <ShieldMinus aria-hidden="true" />
                        Revoke
                        <VisuallyHidden>
                          {' '}
                          {roleLabel(holder.role)} from {name}
                        </VisuallyHidden>
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/** D24: the teams' coaches, read-only (each team's owner sets its coach); there is no Add New Coach. */
function Coaches() {
  const query = useInfiniteQuery(coachesQueryOptions);
  const coaches = query.data?.pages.flatMap((p) => p.coaches) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Coach Permissions</CardTitle>
        <CardDescription>Each team&apos;s owner names its coach on the team page.</CardDescription>
      </CardHeader>
      <CardBody>
        {query.isPending ? (
          <Loading label="Loading coaches" />
        ) : query.isError ? (
          <FetchFailure title="Failed to load coaches" error={query.error} onRetry={() => void query.refetch()} />
        ) : coaches.length === 0 ? (
          <p className={emptyClass}>No coaches assigned</p>
        ) : (
          <>
            <ul aria-label="Team coaches">
              {coaches.map((c) => {
                const name = `${c.coach.firstName} ${c.coach.lastName}`;
                return (
                  <li key={`${c.teamId}-${c.coach.id}`} className={rowClass}>
                    <div className={whoClass}>
                      <Avatar name={name} src={c.coach.profileImageUrl} />
                      <div>
                        <p className={nameClass}>{name}</p>
                        <p className={mutedClass}>Coach of {c.teamName}</p>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
            {query.hasNextPage ? (
              <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
              </Button>
            ) : null}
          </>
        )}
      </CardBody>
    </Card>
  );
}

/** 001 s2 Permissions with D24: the league's admins (managed by super admins) and the teams' coaches. */
export function PermissionsPanel({ viewer }: { viewer: AdminViewer }) {
  return (
    <div className={panelClass}>
      <AdminHolders viewer={viewer} />
      <Coaches />
      <p className={noteClass}>Coach-level admin access is not part of the platform.</p>
    </div>
  );
}
