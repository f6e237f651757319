import { ImageUp, Users } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { PROFILE_EDIT_TOASTS } from '../../../../edge/features/profile-edit/constants.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ImageUploadDialog } from '../../../ui/image-upload-dialog.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';

const panelClass = css({ display: 'flex', flexDirection: 'column', gap: '4', alignItems: 'flex-start', py: '2' });
const rowClass = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
const nameClass = css({ fontWeight: 'bold', textStyle: 'lg', overflowWrap: 'anywhere' });
const mutedClass = css({ color: 'fg.muted' });

export interface TeamLogoPanelProps<T> {
  /** The owner's first team (001 s6), null when they have none, undefined while it loads. */
  team: { name: string; logoUrl: string | null } | null | undefined;
  /** Why the team could not be loaded, with a way to try again. */
  error?: unknown;
  onRetry?: () => void;
  /** Where the team's logo goes (the teams feature's upload: `POST /api/teams/{id}/upload-logo`, field `logo`). */
  upload: { url: string; field: string; fileName: string } | null;
  /** The server's answer (the updated team). */
  onUploaded: (answer: T) => void;
}

/**
 * The Team tab (001 s2, s6; owners only): the logo of the owner's first team, cropped and uploaded as on the team
 * page ('Logo Uploaded'); with no team, the specification's sentence and the way to create one. The route hands the
 * team and its upload in, so this feature needs nothing of the teams feature.
 */
export function TeamLogoPanel<T>({ team, error, onRetry, upload, onUploaded }: TeamLogoPanelProps<T>) {
  const [open, setOpen] = useState(false);
  const gate = useConnectionGate();
  if (error !== undefined) {
    return (
      <div className={panelClass} role="alert">
        <p>{getErrorMessage(error) ?? 'Your team could not be loaded. Please check your connection.'}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (team === undefined) {
    return (
      <p className={mutedClass} role="status">
        Loading your team…
      </p>
    );
  }
  if (team === null || !upload) {
    return (
      <div className={panelClass}>
        <p>{PROFILE_EDIT_TOASTS.noTeam}</p>
        <LinkButton href="/teams" variant="outline" size="sm">
          <Users aria-hidden="true" />
          Go to My Teams
        </LinkButton>
      </div>
    );
  }
  return (
    <div className={panelClass}>
      <div className={rowClass}>
        <Avatar name={`${team.name} logo`} src={team.logoUrl} size="xl" />
        <div>
          <h3 className={nameClass}>{team.name}</h3>
          <p className={mutedClass}>Team logo: JPG, PNG or WebP under 20MB, cropped square.</p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} {...gate.buttonProps}>
        <ImageUp aria-hidden="true" />
        {team.logoUrl ? 'Change Team Logo' : 'Upload Team Logo'}
      </Button>
      <NeedsConnectionNote gate={gate} action="Uploading a logo" />
      {open ? (
        <ImageUploadDialog<T>
          title="Team Logo"
          description={`Choose a logo for ${team.name} and crop it square.`}
          {...upload}
          kind="logo"
          onUploaded={onUploaded}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
