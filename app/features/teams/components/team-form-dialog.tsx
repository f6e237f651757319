import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { IMAGE_TOASTS } from '../../../../edge/features/images/constants.ts';
import { TEAM_MESSAGES, TEAM_NAME_MAX, TEAM_TAGLINE_MAX } from '../../../../edge/features/teams/schema.ts';
import { getFieldErrors } from '../../../lib/api-client.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { ImageCropDialog } from '../../../ui/image-upload-dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { uploadTeamLogo } from '../logo-upload.ts';
import { createTeam, editTeam, storeTeam, type MyTeam } from '../queries.ts';

const logoFieldClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const logoRowClass = css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '3' });
const logoLabelClass = css({ fontWeight: 'semibold', textStyle: 'sm' });
const previewClass = css({ width: '16', height: '16', borderRadius: 'l2', objectFit: 'cover' });
const hintClass = css({ color: 'fg.muted', textStyle: 'sm' });
const barClass = css({ width: 'full', height: '2', accentColor: 'accent.default' });

export interface TeamFormDialogProps {
  /** The team to edit; none to create the owner's team. */
  team?: MyTeam;
  onClose: () => void;
}

type Saved = { team: MyTeam; logo: 'none' | 'uploaded' | 'failed' };

/**
 * Create Team and Edit Team (001 s2, s5): name required, tagline optional. The server checks both again; its field
 * messages show under the fields, anything else as the catalogue's 'Error' toast (000 s8). Creating may take an
 * optional logo, cropped here and uploaded once the team exists (001 s4): if that upload fails the team stays, with
 * 'Logo Upload Failed'.
 */
export function TeamFormDialog({ team, onClose }: TeamFormDialogProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(team?.name ?? '');
  const [tagline, setTagline] = useState(team?.tagline ?? '');
  const [errors, setErrors] = useState<{ name?: string; tagline?: string }>({});
  const [logo, setLogo] = useState<{ jpeg: Blob; preview: string } | null>(null);
  const [choosingLogo, setChoosingLogo] = useState(false);
  const [logoProgress, setLogoProgress] = useState<number | null>(null);

  useEffect(() => (logo ? () => URL.revokeObjectURL(logo.preview) : undefined), [logo]);

  const mutation = useMutation({
    mutationFn: async (fields: { name: string; tagline: string }): Promise<Saved> => {
      if (team) return { team: await editTeam(team.id, fields), logo: 'none' };
      const created = await createTeam(fields);
      storeTeam(queryClient, created);
      if (!logo) return { team: created, logo: 'none' };
      try {
        setLogoProgress(0);
        return { team: await uploadTeamLogo(created.id, logo.jpeg, setLogoProgress), logo: 'uploaded' };
      } catch {
        return { team: created, logo: 'failed' };
      }
    },
    onSuccess: ({ team: saved, logo: logoOutcome }) => {
      storeTeam(queryClient, saved);
      if (logoOutcome === 'failed') toast({ ...IMAGE_TOASTS.logoUploadFailed, variant: 'destructive' });
      else
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
    onSettled: () => setLogoProgress(null),
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
    <>
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open && !mutation.isPending) onClose();
        }}
        title={team ? 'Edit Team' : 'Create Team'}
        description={
          team ? 'Change your team name and tagline.' : 'Name your team. You can add a tagline now or later.'
        }
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
            {team ? null : (
              <div className={logoFieldClass} role="group" aria-labelledby="create-team-logo-label">
                <span id="create-team-logo-label" className={logoLabelClass}>
                  Team Logo
                </span>
                <div className={logoRowClass}>
                  {logo ? <img className={previewClass} src={logo.preview} alt="Chosen team logo" /> : null}
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setChoosingLogo(true)}
                    disabled={mutation.isPending}
                  >
                    <ImageUp aria-hidden="true" />
                    {logo ? 'Change Logo' : 'Choose Logo'}
                  </Button>
                  {logo ? (
                    <Button variant="ghost" size="sm" onClick={() => setLogo(null)} disabled={mutation.isPending}>
                      <X aria-hidden="true" />
                      Remove Logo
                    </Button>
                  ) : null}
                </div>
                <p className={hintClass}>Optional. Uploaded once your team is created.</p>
                {logoProgress !== null ? (
                  <>
                    <progress className={barClass} max={1} value={logoProgress} aria-label="Logo upload progress" />
                    <span className={hintClass} aria-live="polite">
                      Uploading logo… {Math.round(logoProgress * 100)}%
                    </span>
                  </>
                ) : null}
              </div>
            )}
          </DialogBody>
          <DialogFooter>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving…' : team ? 'Save Changes' : 'Create Team'}
            </Button>
            <Button variant="ghost" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
          </DialogFooter>
        </form>
      </Dialog>
      {choosingLogo ? (
        <ImageCropDialog
          title="Team Logo"
          description="Choose your team's logo and crop it square."
          confirmLabel="Use Logo"
          onCropped={(jpeg) => setLogo({ jpeg, preview: URL.createObjectURL(jpeg) })}
          onClose={() => setChoosingLogo(false)}
        />
      ) : null}
    </>
  );
}
