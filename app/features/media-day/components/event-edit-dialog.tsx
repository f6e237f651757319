import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { eventSchema, eventTimeZones } from '../../../../edge/features/media-day/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { fieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogFooter } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  adminRsvpsQueryOptions,
  mediaDayQueryOptions,
  rsvpPageQueryOptions,
  saveEvent,
  type MediaDayEventView,
} from '../queries.ts';

type Name = 'name' | 'date' | 'startTime' | 'endTime' | 'timeZone' | 'place' | 'notes';
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const rowClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
});

/** D25: the admin edits the event record (name, date, times, place, notes); the server audits the change. */
export function EventEditDialog({
  event,
  open,
  onOpenChange,
}: {
  event: MediaDayEventView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState({
    name: event.name,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    timeZone: event.timeZone,
    place: event.place,
    notes: event.notes ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: typeof values) => saveEvent(event.id, input),
    onSuccess: async () => {
      toast({ title: 'Media Day Updated', description: 'The event details were saved.' });
      onOpenChange(false);
      await Promise.all(
        [adminRsvpsQueryOptions, mediaDayQueryOptions, rsvpPageQueryOptions].map((q) =>
          queryClient.invalidateQueries({ queryKey: q.queryKey }),
        ),
      );
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: getErrorMessage(error) ?? 'Failed to save the event.',
        variant: 'destructive',
      }),
  });
  const set = (name: Name) => (e: { target: { value: string } }) => {
    setValues((prev) => ({ ...prev, [name]: e.target.value }));
    setErrors((prev) => ({ ...prev, [name]: undefined }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = eventSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Name>(parsed.error.issues));
      focusFirstInvalid(formRef.current);
      return;
    }
    mutation.mutate(values);
  };
  const zones = eventTimeZones.some((z) => z.value === values.timeZone)
    ? eventTimeZones
    : [...eventTimeZones, { value: values.timeZone, label: values.timeZone }];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Media Day"
      description="Members see these details on the Media Day pages."
    >
      <form ref={formRef} className={formClass} onSubmit={onSubmit} noValidate>
        <TextField
          label="Event name"
          name="name"
          required
          value={values.name}
          error={errors.name}
          onChange={set('name')}
        />
        <div className={rowClass}>
          <TextField
            label="Date"
            name="date"
            type="date"
            required
            value={values.date}
            error={errors.date}
            onChange={set('date')}
          />
          <SelectField
            label="Time zone"
            name="timeZone"
            options={zones}
            value={values.timeZone}
            error={errors.timeZone}
            onChange={set('timeZone')}
          />
          <TextField
            label="Start time"
            name="startTime"
            type="time"
            required
            value={values.startTime}
            error={errors.startTime}
            onChange={set('startTime')}
          />
          <TextField
            label="End time"
            name="endTime"
            type="time"
            required
            value={values.endTime}
            error={errors.endTime}
            onChange={set('endTime')}
          />
        </div>
        <TextField
          label="Place"
          name="place"
          required
          value={values.place}
          error={errors.place}
          onChange={set('place')}
        />
        <TextField
          label="Notes (optional)"
          name="notes"
          value={values.notes}
          error={errors.notes}
          onChange={set('notes')}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
