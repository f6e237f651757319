import { ImageUp } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { css } from '../../styled-system/css';
import { IMAGE_ACCEPT, IMAGE_TOASTS } from '../../edge/features/images/constants.ts';
import { cropToJpeg } from '../lib/crop-image.ts';
import { checkImageFile, uploadErrorToast, uploadWithProgress, type CropArea } from '../lib/image-upload.ts';
import { useOnlineStatus } from '../lib/online-status.ts';
import { Button } from './button.tsx';
import { Dialog, DialogBody, DialogFooter } from './dialog.tsx';
import { toast } from './toast.tsx';

// The cropper's code (react-easy-crop) arrives only when a dialog reaches the crop step.
const ImageCropper = lazy(() => import('./image-cropper.tsx'));

const chooseClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });
const hintClass = css({ color: 'fg.muted', textStyle: 'sm' });
const loadingClass = css({
  display: 'grid',
  placeItems: 'center',
  height: { base: '64', sm: '80' },
  color: 'fg.muted',
});
const progressClass = css({ display: 'flex', flexDirection: 'column', gap: '1', mt: '4' });
const barClass = css({ width: 'full', height: '2', accentColor: 'accent.default' });
const fileInputClass = css({ srOnly: true });

export interface ImageCropDialogProps {
  title: string;
  description?: string;
  /** The button that takes the crop: 'Upload', 'Use Logo'... */
  confirmLabel: string;
  /**
   * Receives the square JPEG (quality 0.85, at most 1024 x 1024). May upload it, reporting 0 to 1 through
   * `onProgress` (the dialog shows a progress bar); resolving closes the dialog, rejecting keeps it open to retry.
   */
  onCropped: (jpeg: Blob, onProgress: (fraction: number) => void) => Promise<void> | void;
  onClose: () => void;
}

/**
 * Choose a picture, crop it square (001 s5) and hand over the JPEG. The picker's check is a kindness (the server
 * decides by the bytes, D23): a wrong type or a file over 20 MB gets the catalogue's toast and the picker again.
 */
export function ImageCropDialog({ title, description, confirmLabel, onCropped, onClose }: ImageCropDialogProps) {
  const online = useOnlineStatus();
  const inputId = useId();
  const noteId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [area, setArea] = useState<CropArea | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => (src ? () => URL.revokeObjectURL(src) : undefined), [src]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast({ ...IMAGE_TOASTS[problem], variant: 'destructive' });
      return;
    }
    setArea(null);
    setSrc(URL.createObjectURL(file));
  };

  const confirm = async () => {
    if (!src || !area) return;
    setBusy(true);
    try {
      const jpeg = await cropToJpeg(src, area);
      await onCropped(jpeg, setProgress);
      onClose();
    } catch {
      // The caller has said why (its toast); the crop stays for another try.
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={title}
      description={description}
    >
      <DialogBody>
        <input
          ref={inputRef}
          id={inputId}
          className={fileInputClass}
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={choose}
          tabIndex={-1}
          aria-label="Image file"
        />
        {src ? (
          <Suspense fallback={<div className={loadingClass}>Loading the cropper…</div>}>
            <ImageCropper src={src} onCropArea={setArea} />
          </Suspense>
        ) : (
          <div className={chooseClass}>
            <Button variant="outline" onClick={() => inputRef.current?.click()}>
              <ImageUp aria-hidden="true" />
              Choose Image
            </Button>
            <p className={hintClass}>JPG, PNG or WebP, under 20MB. You will crop it square next.</p>
          </div>
        )}
        {progress !== null ? (
          <div className={progressClass}>
            <progress className={barClass} max={1} value={progress} aria-label="Upload progress" />
            <span className={hintClass} aria-live="polite">
              Uploading… {Math.round(progress * 100)}%
            </span>
          </div>
        ) : null}
        {!online ? (
          <p id={noteId} className={hintClass}>
            You are offline. Uploading needs a connection.
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button
          onClick={() => void confirm()}
          disabled={!src || !area || busy || !online}
          aria-describedby={online ? undefined : noteId}
        >
          {busy ? 'Saving…' : confirmLabel}
        </Button>
        {src ? (
          <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={busy}>
            Choose Another
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

export interface ImageUploadDialogProps<T> {
  title: string;
  description?: string;
  /** 001 s7: `/api/profile/upload-image` (field `image`) or `/api/teams/{id}/upload-logo` (field `logo`). */
  url: string;
  field: string;
  /** The file name sent with the crop (001 s7: profile-image.jpg for the picture). */
  fileName: string;
  /** Which of the catalogue's texts apply: 'Image Uploaded' or 'Logo Uploaded', and the failure fallback. */
  kind: 'image' | 'logo';
  /** The server's answer (the updated user or team), once stored. */
  onUploaded: (answer: T) => void;
  onClose: () => void;
}

/**
 * Crop and upload in one dialog (001 s5, s7, s8): a real progress bar while the bytes leave, then 'Image Uploaded'
 * or 'Logo Uploaded'; a refusal shows 'Invalid File Type', 'File Too Large' or 'Upload Failed' with the server's
 * message, and the dialog stays open. Exported for the edit-profile page as well as the team owner page.
 */
export function ImageUploadDialog<T>({ url, field, fileName, kind, onUploaded, ...dialog }: ImageUploadDialogProps<T>) {
  return (
    <ImageCropDialog
      {...dialog}
      confirmLabel="Upload"
      onCropped={async (jpeg, onProgress) => {
        try {
          const answer = await uploadWithProgress<T>({ url, field, file: jpeg, fileName, onProgress });
          onUploaded(answer);
          toast(kind === 'image' ? IMAGE_TOASTS.imageUploaded : IMAGE_TOASTS.logoUploaded);
        } catch (error) {
          toast({ ...uploadErrorToast(error, kind), variant: 'destructive' });
          throw error;
        }
      }}
    />
  );
}
