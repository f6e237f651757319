import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import {
  ARCHIVE_MESSAGES,
  CHAMPIONSHIP_PHOTO_FIELD,
  MAX_CHAMPIONSHIP_PHOTOS,
} from '../../../../edge/features/archive/constants.ts';
import type { ArchiveDetails, ChampionshipPhoto } from '../../../../edge/features/archive/schema.ts';
import { IMAGE_ACCEPT } from '../../../../edge/features/images/constants.ts';
import { apiRequest, getErrorMessage } from '../../../lib/api-client.ts';
import { checkImageFile, uploadWithProgress } from '../../../lib/image-upload.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { headingClass, mutedClass } from './styles.ts';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '4', pt: '4' });
const frameClass = css({
  aspectRatio: '16 / 9',
  bg: 'bg.emphasized',
  borderRadius: 'l3',
  overflow: 'hidden',
  w: 'full',
  '& iframe': { border: 'none', display: 'block', h: 'full', w: 'full' },
});
const photosClass = css({
  display: 'grid',
  gap: '2',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 8rem), 1fr))',
});
const photoClass = css({ aspectRatio: '1', borderRadius: 'l2', objectFit: 'cover', w: 'full' });
const editorClass = css({
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
});

/** Highlights (001, D29): the replay in its site's privacy-enhanced player, and the Championship Moments. */
export function HighlightsTab({ details }: { details: ArchiveDetails }) {
  return (
    <div className={sectionClass}>
      {details.replayEmbedUrl ? (
        <div className={frameClass}>
          <iframe
            src={details.replayEmbedUrl}
            title={`${details.name} replay`}
            loading="lazy"
            allow="encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          />
        </div>
      ) : (
        <p>No replay video available</p>
      )}
      <section className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h3 className={headingClass}>Championship Moments</h3>
        {details.championshipPhotos.length > 0 ? (
          <ul className={photosClass}>
            {details.championshipPhotos.map((p, i) => (
              <li key={p.id}>
                <img
                  className={photoClass}
                  src={p.url}
                  alt={`${details.name} championship moment ${i + 1}`}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className={mutedClass}>No championship photos yet</p>
        )}
      </section>
      {details.canManage ? <HighlightsEditor details={details} /> : null}
    </div>
  );
}

/** D29: the admin's or host's replay link and photos; the server decides, the form shows its answers. */
function HighlightsEditor({ details }: { details: ArchiveDetails }) {
  const queryClient = useQueryClient();
  const [link, setLink] = useState(details.replayVideoUrl ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['/api/tournaments', String(details.id), 'full-details'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/tournaments/archive'] }),
    ]);
  const replay = useMutation({
    mutationFn: (replayVideoUrl: string | null) =>
      apiRequest('PUT', `/api/tournaments/${details.id}/replay`, { replayVideoUrl }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (photoId: number) =>
      apiRequest('DELETE', `/api/tournaments/${details.id}/championship-photos/${photoId}`),
    onSuccess: refresh,
  });
  const full = details.championshipPhotos.length >= MAX_CHAMPIONSHIP_PHOTOS;

  const save = (event: FormEvent) => {
    event.preventDefault();
    replay.mutate(link.trim() === '' ? null : link.trim());
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    const problem = checkImageFile(file);
    if (problem) {
      setUploadError(
        problem === 'tooLarge'
          ? 'Please upload an image smaller than 20MB.'
          : 'Please upload a JPG, PNG, or WebP image.',
      );
      return;
    }
    setProgress(0);
    try {
      await uploadWithProgress<ChampionshipPhoto>({
        url: `/api/tournaments/${details.id}/championship-photos`,
        field: CHAMPIONSHIP_PHOTO_FIELD,
        file,
        fileName: file.name,
        onProgress: setProgress,
      });
      await refresh();
    } catch (error) {
      setUploadError(getErrorMessage(error) ?? 'Failed to upload photo.');
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className={editorClass} aria-labelledby="highlights-editor">
      <h3 id="highlights-editor" className={headingClass}>
        Edit highlights
      </h3>
      <form onSubmit={save} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <TextField
          label="Replay link"
          type="url"
          inputMode="url"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          helperText="An https YouTube, Twitch or Vimeo link. Leave empty to remove the replay."
          error={replay.isError ? getErrorMessage(replay.error) ?? ARCHIVE_MESSAGES.replay : undefined}
        />
        <div>
          <Button type="submit" size="sm" disabled={replay.isPending}>
            {replay.isPending ? 'Saving...' : 'Save replay'}
          </Button>
        </div>
        {replay.isSuccess ? <p role="status">Replay saved</p> : null}
      </form>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <label className={css({ fontWeight: 'semibold' })} htmlFor={`photo-${details.id}`}>
          Add a championship photo ({details.championshipPhotos.length} of {MAX_CHAMPIONSHIP_PHOTOS})
        </label>
        <input
          id={`photo-${details.id}`}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={full || progress !== null}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {progress !== null ? (
          <progress max={1} value={progress} aria-label="Photo upload progress">
            {Math.round(progress * 100)}%
          </progress>
        ) : null}
        {full ? <p className={mutedClass}>{ARCHIVE_MESSAGES.tooManyPhotos}</p> : null}
        {uploadError ? (
          <Alert tone="danger" title="Upload Failed">
            {uploadError}
          </Alert>
        ) : null}
      </div>
      {details.championshipPhotos.length > 0 ? (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {details.championshipPhotos.map((p, i) => (
            <li key={p.id}>
              <Button
                variant="outline"
                tone="danger"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(p.id)}
              >
                Remove photo {i + 1}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {remove.isError ? (
        <Alert tone="danger" title="Could not remove the photo">
          {getErrorMessage(remove.error) ?? 'Please try again.'}
        </Alert>
      ) : null}
    </section>
  );
}
