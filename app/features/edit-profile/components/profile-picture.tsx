import { ImageUp } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { PROFILE_IMAGE_UPLOAD } from '../../../lib/image-upload.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ImageUploadDialog } from '../../../ui/image-upload-dialog.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { usePictureUploaded, type CurrentUser } from '../queries.ts';

const rowClass = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
const textClass = css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' });
const hintClass = css({ color: 'fg.muted', textStyle: 'sm' });

/**
 * The profile picture (001 s2, s5): chosen, cropped square and uploaded with a progress bar by the shared dialog; the
 * answer is the updated current user, which replaces the cached one ('Image Uploaded').
 */
export function ProfilePicture({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const uploaded = usePictureUploaded();
  const gate = useConnectionGate();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <section aria-labelledby="profile-picture-heading" className={rowClass}>
      <Avatar name={`${name}'s profile picture`} src={user.profileImageUrl} size="xl" verified={user.isVerified} />
      <div className={textClass}>
        <h2 id="profile-picture-heading" className={css({ fontWeight: 'bold', textStyle: 'lg' })}>
          Profile Picture
        </h2>
        <p className={hintClass}>JPG, PNG or WebP under 20MB, cropped square.</p>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} {...gate.buttonProps}>
          <ImageUp aria-hidden="true" />
          {user.profileImageUrl ? 'Change Picture' : 'Upload Picture'}
        </Button>
        <NeedsConnectionNote gate={gate} action="Uploading a picture" />
      </div>
      {open ? (
        <ImageUploadDialog<CurrentUser>
          title="Profile Picture"
          description="Choose a picture and crop it square."
          {...PROFILE_IMAGE_UPLOAD}
          kind="image"
          onUploaded={uploaded}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}
