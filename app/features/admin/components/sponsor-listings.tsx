import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog, DialogFooter } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  adminSponsorsQueryOptions,
  decideSponsor,
  dollars,
  editSponsor,
  rejectSponsor,
  type AdminSponsor,
  type SponsorStatus,
} from '../money-content-queries.ts';
import { ImageUploadDialog } from '../../../ui/image-upload-dialog.tsx';
import { FetchFailure } from './fetch-failure.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import {
  cardPadClass,
  emptyClass,
  listClass,
  noteClass,
  sectionClass,
  sectionTitleClass,
  skeletonClass,
} from './styles.ts';

const headClass = css({
  alignItems: 'center',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'space-between',
});
const titleClass = css({ fontWeight: 'extrabold', textStyle: 'md', overflowWrap: 'anywhere' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const logoClass = css({ borderRadius: 'l2', height: '12', objectFit: 'contain', width: '24' });
const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });
const skeletonItemClass = css({ height: '28' });

const statusOptions = [
  { value: 'pending', label: 'Awaiting approval' },
  { value: 'approved', label: 'Approved' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'rejected', label: 'Rejected' },
  { value: '', label: 'All listings' },
];
const refundText = { pending: 'refund pending', succeeded: 'refunded', failed: 'refund failed' } as const;

function EditDialog({
  sponsor,
  onClose,
  onDone,
}: {
  sponsor: AdminSponsor;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const [values, setValues] = useState({
    companyName: sponsor.companyName,
    website: sponsor.website ?? '',
    description: sponsor.description ?? '',
    logoUrl: sponsor.logoUrl ?? '',
  });
  const online = useOnlineStatus();
  const mutation = useMutation({
    mutationFn: () => editSponsor(sponsor.id, values),
    onSuccess: async () => (onClose(), await onDone()),
  });
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit sponsor listing"
      description="What the tournament page shows."
    >
      <TextField
        label="Company name"
        required
        maxLength={120}
        value={values.companyName}
        onChange={set('companyName')}
      />
      <TextField label="Website" type="url" placeholder="https://" value={values.website} onChange={set('website')} />
      <TextField
        label="Description"
        required
        maxLength={2000}
        value={values.description}
        onChange={set('description')}
      />
      <TextField
        label="Logo address"
        type="url"
        placeholder="https://…"
        helperText="An https:// image address, or use Upload Logo on the listing. Empty removes the logo."
        value={values.logoUrl}
        onChange={set('logoUrl')}
      />
      {mutation.isError ? (
        <p role="alert" className={errorClass}>
          {getErrorMessage(mutation.error) ?? 'An unexpected error occurred'}
        </p>
      ) : null}
      <DialogFooter>
        <Button disabled={mutation.isPending || !online} onClick={() => mutation.mutate()}>
          {mutation.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function SponsorCard({
  sponsor,
  onEdit,
  onUploadLogo,
  onReject,
}: {
  sponsor: AdminSponsor;
  onEdit: () => void;
  onUploadLogo: () => void;
  onReject: () => void;
}) {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'hide') => decideSponsor(sponsor.id, decision),
    onSuccess: async (saved) => {
      toast({
        title: saved.status === 'approved' ? 'Listing approved' : 'Listing hidden',
        description: saved.companyName,
      });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: getErrorMessage(error) ?? 'The listing could not be changed',
        variant: 'destructive',
      }),
  });
  const name = sponsor.companyName;
  return (
    <Card className={cardPadClass}>
      <div className={headClass}>
        <span className={titleClass}>{name}</span>
        <span className={actionsClass}>
          <Badge tone="neutral">{sponsor.tier}</Badge>
          <Badge tone={sponsor.status === 'approved' ? 'accent' : sponsor.status === 'rejected' ? 'danger' : 'neutral'}>
            {sponsor.status}
          </Badge>
        </span>
      </div>
      {sponsor.logoUrl ? <img className={logoClass} src={sponsor.logoUrl} alt={`${name} logo`} /> : null}
      <p className={noteClass}>
        {sponsor.tournament ? sponsor.tournament.title : 'League-wide'}
        {sponsor.payment
          ? ` · paid ${dollars(sponsor.payment.amountCents)}${sponsor.payment.refundStatus ? `, ${refundText[sponsor.payment.refundStatus]}` : ''}`
          : ' · entered by the league'}
      </p>
      {sponsor.description ? <p>{sponsor.description}</p> : null}
      {sponsor.website ? <p className={noteClass}>{sponsor.website}</p> : null}
      {sponsor.rejectionReason ? <p className={noteClass}>Rejected: {sponsor.rejectionReason}</p> : null}
      {sponsor.status !== 'rejected' ? (
        <div className={actionsClass}>
          {sponsor.status !== 'approved' ? (
            <Button
              size="sm"
              disabled={decide.isPending || !online}
              onClick={() => decide.mutate('approve')}
              aria-label={`Approve ${name}`}
            >
              Approve
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending || !online}
              onClick={() => decide.mutate('hide')}
              aria-label={`Hide ${name}`}
            >
              Hide
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <Button size="sm" variant="outline" onClick={onUploadLogo} aria-label={`Upload Logo for ${name}`}>
            Upload Logo
          </Button>
          <Button size="sm" variant="outline" tone="danger" onClick={onReject} aria-label={`Reject ${name}`}>
            Reject
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** Sponsor listings (D24): approve before they show, edit, hide, or reject (the payment is refunded once). */
export function SponsorListings() {
  const headingId = useId();
  const [status, setStatus] = useState<SponsorStatus | ''>('pending');
  const query = useInfiniteQuery({ ...adminSponsorsQueryOptions(status), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminSponsor | null>(null);
  const [rejecting, setRejecting] = useState<AdminSponsor | null>(null);
  const [uploading, setUploading] = useState<AdminSponsor | null>(null);
  const sponsors = query.data?.pages.flatMap((p) => p.items) ?? [];
  const refresh = async () => {
    await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
  };
  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <div className={headClass}>
        <h2 id={headingId} className={sectionTitleClass}>
          Sponsor Listings
        </h2>
        <SelectField
          label="Show"
          options={statusOptions}
          value={status}
          onChange={(e) => setStatus(e.target.value as SponsorStatus | '')}
        />
      </div>
      {query.isPending ? (
        <div className={`${skeletonClass} ${skeletonItemClass}`} aria-hidden="true" />
      ) : query.isError ? (
        <FetchFailure
          title="Failed to load sponsor listings"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : sponsors.length === 0 ? (
        <p className={emptyClass}>{status === 'pending' ? 'No pending content' : 'No sponsor listings'}</p>
      ) : (
        <>
          <ul className={listClass} aria-label="Sponsor listings" aria-busy={query.isFetching}>
            {sponsors.map((sponsor) => (
              <li key={sponsor.id}>
                <SponsorCard
                  sponsor={sponsor}
                  onEdit={() => setEditing(sponsor)}
                  onUploadLogo={() => setUploading(sponsor)}
                  onReject={() => setRejecting(sponsor)}
                />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Load more listings
            </Button>
          ) : null}
        </>
      )}
      {editing ? (
        <EditDialog
          sponsor={editing}
          onClose={() => setEditing(null)}
          onDone={async () => {
            toast({ title: 'Listing saved' });
            await refresh();
          }}
        />
      ) : null}
      {uploading ? (
        <ImageUploadDialog<AdminSponsor>
          title={`Logo of ${uploading.companyName}`}
          description="Shown on the tournament page with the listing (JPEG, PNG or WebP, up to 20 MB)."
          url={`/api/admin/sponsors/${uploading.id}/upload-logo`}
          field="logo"
          fileName="sponsor-logo.jpg"
          kind="logo"
          onUploaded={() => void refresh()}
          onClose={() => setUploading(null)}
        />
      ) : null}
      {rejecting ? (
        <ReasonDialog
          title={`Reject ${rejecting.companyName}?`}
          description={
            rejecting.payment
              ? `The listing never shows, and its ${dollars(rejecting.payment.amountCents)} payment is refunded once. This cannot be undone.`
              : 'The listing never shows. This cannot be undone.'
          }
          confirmLabel="Reject and refund"
          action={(reason) => rejectSponsor(rejecting.id, reason)}
          onClose={() => setRejecting(null)}
          onDone={async () => {
            toast({
              title: 'Listing rejected',
              description: rejecting.payment ? 'The payment is being refunded.' : undefined,
            });
            await refresh();
          }}
        />
      ) : null}
    </section>
  );
}
