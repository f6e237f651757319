import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TEAM_MESSAGES, TEAM_NAME_MAX, TEAM_TAGLINE_MAX } from '../../../../edge/features/teams/schema.ts';
import { getFieldErrors } from '../../../lib/api-client.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { createTeam, editTeam, storeTeam, type MyTeam } from '../queries.ts';

export interface TeamFormDialogProps {
  /** The team to edit; none to create the owner's team. */
  team?: MyTeam;
  onClose: () => void;
}

/**
 * Create Team and Edit Team (001 s2, s5): name required, tagline optional. The server checks both again; its field
 * messages show under the fields, anything else as the catalogue's 'Error' toast (000 s8).
 */
export function TeamFormDialog({ team, onClose }: TeamFormDialogProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(team?.name ?? '');
  const [tagline, setTagline] = useState(team?.tagline ?? '');
  const [errors, setErrors] = useState<{ name?: string; tagline?: string }>({});
  const mutation = useMutation({
    mutationFn: (fields: { name: string; tagline: string }) => (team ? editTeam(team.id, fields) : createTeam(fields)),
    onSuccess: (saved) => {
      storeTeam(queryClient, saved);
      toast({
        title: team ? 'Team Updated' : 'Team Created',
        description: team ? `${saved.name} has been updated.` : `${saved.name} is ready. Add players to your roster.`,
      });
      onClose();
    },
    onError: (error) => {
      const fields = getFieldErrors(error);
      if (fields.name || fields.tagline) setErrors({ name: fields.name, tagline: fields.tagline });
      else toastRequestError(error, 'Error', team ? 'Failed to update team' : 'Failed to create team');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: TEAM_MESSAGES.nameRequired });
      return;
    }
    setErrors({});
    mutation.mutate({ name: name.trim(), tagline: tagline.trim() });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={team ? 'Edit Team' : 'Create Team'}
      description={team ? 'Change your team name and tagline.' : 'Name your team. You can add a tagline now or later.'}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <TextField
            label="Team Name"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={TEAM_NAME_MAX}
            required
            autoComplete="off"
            error={errors.name}
          />
          <TextField
            label="Tagline"
            name="tagline"
            value={tagline}
            onChange={(e) => setTagline(e.target.value)}
            maxLength={TEAM_TAGLINE_MAX}
            autoComplete="off"
            helperText="Optional"
            error={errors.tagline}
          />
        </DialogBody>
        <DialogFooter>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : team ? 'Save Changes' : 'Create Team'}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
