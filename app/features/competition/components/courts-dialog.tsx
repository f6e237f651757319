import { useMutation, useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { courtsQueryOptions, saveCourts, useRefreshCompetition } from '../queries.ts';

const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });

/** D41: the host's courts ('Court 1, Court 2') and the no-show time (5-30 minutes), from the Bracket tab. */
export function CourtsButton({ tournamentId, offline }: { tournamentId: number; offline: boolean }) {
  const [open, setOpen] = useState(false);
  const current = useQuery(courtsQueryOptions(tournamentId));
  return (
    <>
      <Button variant="outline" size="sm" disabled={!current.data} onClick={() => setOpen(true)}>
        <MapPin aria-hidden="true" />
        Courts
      </Button>
      {open && current.data ? (
        <CourtsDialog tournamentId={tournamentId} offline={offline} initial={current.data} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function CourtsDialog({
  tournamentId,
  offline,
  initial,
  onClose,
}: {
  tournamentId: number;
  offline: boolean;
  initial: { courts: string[]; noShowMinutes: number };
  onClose: () => void;
}) {
  const refresh = useRefreshCompetition(tournamentId);
  const [names, setNames] = useState(initial.courts.join(', '));
  const [minutes, setMinutes] = useState(String(initial.noShowMinutes));
  const save = useMutation({
    mutationFn: () =>
      saveCourts(tournamentId, {
        courts: names
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
        noShowMinutes: Number(minutes),
      }),
    onSuccess: async () => {
      toast({ title: 'Courts Saved' });
      onClose();
      await refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title="Courts"
      description="Matches are called to these courts."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <TextField
            label="Court names"
            helperText="e.g. Court 1, Court 2"
            value={names}
            onChange={(e) => setNames(e.target.value)}
          />
          <TextField
            label="No-show time (minutes)"
            type="number"
            inputMode="numeric"
            min={5}
            max={30}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
          {save.isError ? (
            <p role="alert" className={errorClass}>
              {getErrorMessage(save.error) ?? 'An unexpected error occurred'}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <Button type="submit" disabled={offline || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save courts'}
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
