import { useQuery } from '@tanstack/react-query';
import { Download, Pencil } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { arrivalTimeLabels, sportLabels } from '../../../../edge/features/media-day/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { toast } from '../../../ui/toast.tsx';
import { adminRsvpsQueryOptions, allRsvps, type AdminRsvp } from '../queries.ts';
import { downloadText, rsvpCsv, rsvpCsvFileName } from '../rsvp-csv.ts';
import { cardPadClass, emptyClass, mutedClass, sectionTitleClass } from '../styles.ts';
import { EventDetails } from './event-details.tsx';
import { EventEditDialog } from './event-edit-dialog.tsx';

const headClass = css({
  alignItems: { base: 'stretch', sm: 'center' },
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  justifyContent: 'space-between',
});
const listClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  maxHeight: '[600px]',
  overflowY: 'auto',
  p: { base: '2', md: '3' },
  _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const rowClass = css({ display: 'flex', gap: '3', p: { base: '3', md: '4' }, alignItems: 'flex-start' });
const rowBodyClass = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0', flex: '1' });
const nameClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const metaClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function RsvpRow({ rsvp }: { rsvp: AdminRsvp }) {
  const name = `${rsvp.user.firstName} ${rsvp.user.lastName}`.trim();
  return (
    <li>
      <Card className={rowClass}>
        <Avatar name={name} src={rsvp.user.profileImageUrl} size="md" verified={rsvp.user.isVerified} />
        <div className={rowBodyClass}>
          <span className={nameClass}>{name}</span>
          <span className={mutedClass}>{rsvp.user.email}</span>
          <div className={metaClass}>
            <Badge>{sportLabels[rsvp.sport]}</Badge>
            <Badge>{arrivalTimeLabels[rsvp.arrivalTime]}</Badge>
            <Badge>{`${rsvp.attendeeCount} attending`}</Badge>
            {rsvp.team ? <Badge tone="accent">{rsvp.team.name}</Badge> : null}
          </div>
          <p>{rsvp.purpose}</p>
          {rsvp.dietaryRestrictions ? <p className={mutedClass}>Dietary: {rsvp.dietaryRestrictions}</p> : null}
          {rsvp.specialRequests ? <p className={mutedClass}>Requests: {rsvp.specialRequests}</p> : null}
          <span className={mutedClass}>Submitted {dateFormat.format(new Date(rsvp.createdAt))}</span>
        </div>
      </Card>
    </li>
  );
}

/** 001 s2, D25: the admins' panel on /media-day-rsvp: the event record (editable), every RSVP, Export to CSV. */
export function RsvpAdminPanel() {
  const query = useQuery(adminRsvpsQueryOptions);
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = query.data;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await allRsvps();
      if (all.rsvps.length === 0) {
        toast({ title: 'No data to export', description: 'No one has RSVPed yet.', variant: 'destructive' });
        return;
      }
      // A byte-order mark so spreadsheet programs read names with accents as UTF-8.
      downloadText(rsvpCsvFileName(new Date()), `\uFEFF${rsvpCsv(all.rsvps)}`, 'text/csv;charset=utf-8');
      toast({ title: 'Export successful', description: `Exported ${all.rsvps.length} RSVPs` });
    } catch (error) {
      toast({
        title: 'Error',
        description: getErrorMessage(error) ?? 'Failed to export the RSVPs.',
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="rsvp-admin-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <div className={headClass}>
        <h2 id="rsvp-admin-title" className={sectionTitleClass}>
          All RSVPs{list ? ` (${list.rsvps.length}${list.nextCursor ? '+' : ''})` : ''}
        </h2>
        <Button onClick={() => void exportCsv()} disabled={exporting || query.isPending} variant="outline">
          <Download aria-hidden="true" />
          {exporting ? 'Exporting...' : 'Export to CSV'}
        </Button>
      </div>
      {query.isPending ? (
        <p role="status" className={emptyClass}>
          Loading RSVPs...
        </p>
      ) : query.isError ? (
        <Alert role="alert" tone="danger" title="Failed to load the RSVPs">
          <p>{getErrorMessage(query.error) ?? 'Please check your connection and try again.'}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          {list?.event ? (
            <Card className={cardPadClass}>
              <EventDetails event={list.event} headingLevel="h3" />
              <div>
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Edit Event
                </Button>
              </div>
              {editing ? <EventEditDialog event={list.event} open={editing} onOpenChange={setEditing} /> : null}
            </Card>
          ) : null}
          {list && list.rsvps.length > 0 ? (
            <ul className={listClass} tabIndex={0} aria-label="RSVPs">
              {list.rsvps.map((r) => (
                <RsvpRow key={r.id} rsvp={r} />
              ))}
            </ul>
          ) : (
            <p className={emptyClass}>No RSVPs yet</p>
          )}
          {list?.nextCursor ? (
            <p className={mutedClass}>Showing the newest {list.rsvps.length}; the CSV holds them all.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
