import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Eye, X } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../../styled-system/css';
import { formatLongDate } from '../../../../lib/dates.ts';
import { toastRequestError } from '../../../../lib/error-toast.ts';
import { Avatar } from '../../../../ui/avatar.tsx';
import { Badge } from '../../../../ui/badge.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Card } from '../../../../ui/card.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../../ui/dialog.tsx';
import { toast } from '../../../../ui/toast.tsx';
import { VisuallyHidden } from '../../../../ui/visually-hidden.tsx';
import { applicationPreview } from '../../application-preview.ts';
import { MEMBERS_KEY } from '../../members-queries.ts';
import {
  approveApplication,
  pendingApplicationsQueryOptions,
  rejectApplication,
  type PendingApplication,
} from '../../verification-queries.ts';
import { FetchFailure } from '../fetch-failure.tsx';
import { cardPadClass, emptyClass, listClass, sectionClass, sectionTitleClass, skeletonClass } from '../styles.ts';
import { RejectDialog } from './reject-dialog.tsx';

/** 001 s2: the applications list scrolls at 400px. Focusable so keyboard users can scroll it. */
const scrollClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  maxHeight: '[400px]',
  overflowY: 'auto',
  p: { base: '2', md: '3' },
  _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const headClass = css({ alignItems: 'center', display: 'flex', gap: '3' });
const whoClass = css({ display: 'flex', flexDirection: 'column', minWidth: '0' });
const nameClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const mutedClass = css({ color: 'fg.muted', overflowWrap: 'anywhere', textStyle: 'sm' });
const previewClass = css({ overflowWrap: 'anywhere' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const detailListClass = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' } });
const labelClass = css({ color: 'fg.muted', fontWeight: 'semibold' });
const valueClass = css({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
const skeletonItemClass = css({ height: '32' });

const fullName = (a: PendingApplication) => `${a.user.firstName} ${a.user.lastName}`;
const typeLabel = (a: PendingApplication) => (a.type === 'owner' ? 'Owner' : 'Player');

function ApplicationDetails({ application }: { application: PendingApplication }) {
  const rows: [string, string | null][] = [
    ['Applicant', fullName(application)],
    ['E-mail', application.user.email],
    ['Type', typeLabel(application)],
    ['Submitted', formatLongDate(application.createdAt)],
    ['Why verified', application.applicationReason],
    ['Achievements', application.achievements],
    ['Social media', application.socialMedia],
    ['Team affiliations', application.teamAffiliations],
  ];
  return (
    <DialogBody>
      <dl className={detailListClass}>
        {rows.map(([label, value]) => (
          <div key={label} className={css({ display: 'contents' })}>
            <dt className={labelClass}>{label}</dt>
            <dd className={valueClass}>{value || 'Not provided'}</dd>
          </div>
        ))}
      </dl>
    </DialogBody>
  );
}

/**
 * 001 s2 Users: the pending verification applications (D11), each with its preview, a details dialog, Approve and
 * Reject with the reason dialog. Each decision refreshes the queue and the member lists (the badge changed).
 */
export function VerificationApplications() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(pendingApplicationsQueryOptions);
  const [details, setDetails] = useState<PendingApplication | null>(null);
  const [rejecting, setRejecting] = useState<PendingApplication | null>(null);
  const applications = query.data?.pages.flatMap((p) => p.applications) ?? [];

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: pendingApplicationsQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] }),
    ]);
  };
  const approve = useMutation({
    mutationFn: (application: PendingApplication) => approveApplication(application.id),
    onSuccess: async (_, application) => {
      setDetails(null);
      toast({ title: 'Application Approved', description: `${fullName(application)} is now verified.` });
      await refresh();
    },
    onError: (error) => {
      toastRequestError(error, 'Approval Failed', 'Failed to approve application');
      void refresh();
    },
  });
  const reject = useMutation({
    mutationFn: ({ application, reason }: { application: PendingApplication; reason: string }) =>
      rejectApplication(application.id, reason),
    onSuccess: async (_, { application }) => {
      setRejecting(null);
      setDetails(null);
      toast({ title: 'Application Rejected', description: `${fullName(application)} will see your reason.` });
      await refresh();
    },
    onError: (error) => {
      toastRequestError(error, 'Rejection Failed', 'Failed to reject application');
      void refresh();
    },
  });
  const busy = approve.isPending || reject.isPending;

  const decisionButtons = (application: PendingApplication) => (
    <>
      <Button size="sm" disabled={busy} onClick={() => approve.mutate(application)}>
        <Check aria-hidden="true" />
        Approve
        <VisuallyHidden> {fullName(application)}</VisuallyHidden>
      </Button>
      <Button
        size="sm"
        variant="outline"
        tone="danger"
        disabled={busy}
        onClick={() => {
          setDetails(null);
          setRejecting(application);
        }}
      >
        <X aria-hidden="true" />
        Reject
        <VisuallyHidden> {fullName(application)}</VisuallyHidden>
      </Button>
    </>
  );

  return (
    <section className={sectionClass} aria-labelledby="verification-applications-title">
      <h2 id="verification-applications-title" className={sectionTitleClass}>
        Verification Applications
      </h2>
      {query.isPending ? (
        <div className={listClass} aria-busy="true" aria-label="Loading verification applications">
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
        </div>
      ) : query.isError ? (
        <FetchFailure
          title="Failed to load verification applications"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : applications.length === 0 ? (
        <p className={emptyClass}>No pending applications</p>
      ) : (
        <section className={scrollClass} aria-label="Pending verification applications" tabIndex={0}>
          <ul className={listClass}>
            {applications.map((application) => (
              <li key={application.id}>
                <Card className={cardPadClass}>
                  <div className={headClass}>
                    <Avatar name={fullName(application)} src={application.user.profileImageUrl} />
                    <div className={whoClass}>
                      <h3 className={nameClass}>{fullName(application)}</h3>
                      <span className={mutedClass}>{application.user.email}</span>
                    </div>
                    <Badge className={css({ ml: 'auto' })}>{typeLabel(application)}</Badge>
                  </div>
                  <p className={previewClass}>{applicationPreview(application.applicationReason)}</p>
                  <p className={mutedClass}>Submitted {formatLongDate(application.createdAt)}</p>
                  <div className={actionsClass}>
                    <Button size="sm" variant="outline" onClick={() => setDetails(application)}>
                      <Eye aria-hidden="true" />
                      View Details
                      <VisuallyHidden> of {fullName(application)}</VisuallyHidden>
                    </Button>
                    {decisionButtons(application)}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button
              className={css({ mt: '3', width: 'full' })}
              variant="outline"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
            </Button>
          ) : null}
        </section>
      )}
      <Dialog
        open={details !== null}
        onOpenChange={(open) => {
          if (!open) setDetails(null);
        }}
        title="Verification Application"
        description={details ? `${fullName(details)} applies as a ${typeLabel(details).toLowerCase()}.` : undefined}
      >
        {details ? (
          <>
            <ApplicationDetails application={details} />
            <DialogFooter>{decisionButtons(details)}</DialogFooter>
          </>
        ) : null}
      </Dialog>
      {rejecting ? (
        <RejectDialog
          name={fullName(rejecting)}
          pending={reject.isPending}
          onConfirm={(reason) => reject.mutate({ application: rejecting, reason })}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </section>
  );
}
