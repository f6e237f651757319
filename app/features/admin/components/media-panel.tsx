import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Play, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { VIDEO_ACCEPT } from '../../../../edge/features/hero-video/constants.ts';
import type { DriveVideo } from '../../../../edge/features/hero-video/videos.ts';
import { apiRequest, getErrorMessage, getQueryFn } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card, CardBody, CardHeader, CardTitle } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { checkVideoFile, uploadVideo, videoNameFromFile } from '../video-upload.ts';
import { emptyClass, listClass, mutedClass, noteClass, panelClass, scrollListClass } from './styles.ts';

const driveVideosKey = ['/api/admin/drive-videos'];
const heroVideoKey = ['/api/hero-video'];

const videoClass = css({ aspectRatio: '16 / 9', background: 'black', borderRadius: 'l2', width: 'full' });
const rowClass = css({
  alignItems: { base: 'stretch', sm: 'center' },
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  p: '4',
});
const rowBodyClass = css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minWidth: '0' });
const rowTitleClass = css({
  alignItems: 'center',
  display: 'flex',
  flexWrap: 'wrap',
  fontWeight: 'bold',
  gap: '2',
  overflowWrap: 'anywhere',
});
const rowActionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const progressClass = css({ accentColor: 'var(--colors-verified-default)', height: '3', width: 'full' });
const fileInputClass = css({ maxWidth: 'full' });
const fileLabelClass = css({ fontWeight: 'semibold' });

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function UploadCard() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast({ title: 'Upload Failed', description: 'Choose a video to upload.', variant: 'destructive' });
      return;
    }
    if (!name.trim()) {
      setNameError('Please give the video a name.');
      return;
    }
    setProgress(0);
    try {
      await uploadVideo<DriveVideo>(file, name.trim(), setProgress);
      toast({
        title: 'Video Uploaded',
        description: `${name.trim()} is in the list. Preview it, then Set as Hero Video.`,
      });
      setFile(null);
      setName('');
      formRef.current?.reset();
      await queryClient.invalidateQueries({ queryKey: driveVideosKey });
    } catch (error) {
      toast({ title: 'Upload Failed', description: getErrorMessage(error) ?? 'Upload failed', variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Upload a Video</CardTitle>
      </CardHeader>
      <CardBody>
        <form ref={formRef} className={formClass} onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
            <label htmlFor={inputId} className={fileLabelClass}>
              Video file
            </label>
            <input
              id={inputId}
              className={fileInputClass}
              type="file"
              accept={VIDEO_ACCEPT}
              aria-describedby={`${inputId}-help`}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                if (chosen) {
                  const problem = checkVideoFile(chosen);
                  if (problem) {
                    toast({ ...problem, variant: 'destructive' });
                    e.target.value = '';
                    setFile(null);
                    return;
                  }
                  if (!name.trim()) setName(videoNameFromFile(chosen.name));
                }
                setFile(chosen);
              }}
            />
            <p id={`${inputId}-help`} className={noteClass}>
              MP4 or WebM, at most 100 MB.
            </p>
          </div>
          <TextField
            label="Video name"
            name="videoName"
            maxLength={100}
            value={name}
            error={nameError}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(undefined);
            }}
          />
          {progress !== null ? (
            <div>
              <progress className={progressClass} value={progress} max={1} aria-label="Upload progress" />
              <p className={noteClass} aria-live="polite">
                Uploading... {Math.round(progress * 100)}%
              </p>
            </div>
          ) : null}
          <div>
            <Button type="submit" disabled={progress !== null}>
              <Upload aria-hidden="true" />
              Upload Video
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

/** 001 s2, D24 Media: the hero video list, preview, Set as Hero Video (save or cancel), and a new upload. */
export function MediaPanel() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: driveVideosKey,
    queryFn: getQueryFn<DriveVideo[]>({ on401: 'throw' }),
    retry: false,
  });
  const [selected, setSelected] = useState<DriveVideo | null>(null);
  const save = useMutation({
    mutationFn: async (video: DriveVideo) =>
      apiRequest('POST', '/api/admin/hero-video', {
        videoUrl: video.videoUrl,
        videoThumbnail: video.videoThumbnail,
        videoName: video.videoName,
      }),
    onSuccess: async (_res, video) => {
      toast({ title: 'Hero Video Updated', description: `${video.videoName} now plays on the homepage.` });
      setSelected(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: driveVideosKey }),
        queryClient.invalidateQueries({ queryKey: heroVideoKey }),
      ]);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: getErrorMessage(error) ?? 'Failed to set the hero video.',
        variant: 'destructive',
      }),
  });
  const videos = list.data ?? [];
  const current = videos.find((v) => v.isCurrent) ?? null;
  const shown = selected ?? current;

  return (
    <div className={panelClass}>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Hero Video</CardTitle>
        </CardHeader>
        <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          {shown ? (
            <>
              {/* The preview plays the file as the homepage would, muted; no captions: the hero video has no speech. */}
              <video
                key={shown.videoUrl}
                className={videoClass}
                src={shown.videoUrl}
                controls
                muted
                playsInline
                preload="metadata"
                aria-label={`Preview: ${shown.videoName}`}
              />
              <p className={mutedClass}>
                {selected && !selected.isCurrent
                  ? `Previewing ${selected.videoName}`
                  : `Now on the homepage: ${shown.videoName}`}
              </p>
              {selected && !selected.isCurrent ? (
                <div className={rowActionsClass}>
                  <Button variant="gold" onClick={() => save.mutate(selected)} disabled={save.isPending}>
                    <CheckCircle2 aria-hidden="true" />
                    {save.isPending ? 'Saving...' : 'Set as Hero Video'}
                  </Button>
                  <Button variant="outline" onClick={() => setSelected(null)} disabled={save.isPending}>
                    Cancel
                  </Button>
                </div>
              ) : null}
            </>
          ) : null}
          {list.isPending ? (
            <p role="status" className={emptyClass}>
              Loading videos...
            </p>
          ) : list.isError ? (
            <Alert role="alert" tone="danger" title="Failed to load the videos">
              <p>{getErrorMessage(list.error) ?? 'Please check your connection and try again.'}</p>
              <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                Retry
              </Button>
            </Alert>
          ) : (
            <ul className={`${scrollListClass} ${listClass}`} tabIndex={0} aria-label="Videos">
              {videos.map((video) => (
                <li key={video.id}>
                  <Card className={rowClass}>
                    <div className={rowBodyClass}>
                      <span className={rowTitleClass}>
                        {video.videoName}
                        {video.isCurrent ? <Badge tone="verified">Current</Badge> : null}
                        {video.isDefault ? <Badge>League default</Badge> : null}
                      </span>
                      <span className={noteClass}>
                        {video.contentType === 'video/webm' ? 'WebM' : 'MP4'}
                        {video.size !== null ? ` · ${megabytes(video.size)}` : ''}
                        {video.uploadedAt ? ` · uploaded ${dateFormat.format(new Date(video.uploadedAt))}` : ''}
                      </span>
                    </div>
                    <div className={rowActionsClass}>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setSelected(video)}
                        aria-label={`Preview ${video.videoName}`}
                      >
                        <Play aria-hidden="true" />
                        Preview
                      </Button>
                      <Button
                        size="sm"
                        onClick={() => save.mutate(video)}
                        disabled={video.isCurrent || save.isPending}
                        aria-label={`Set as Hero Video: ${video.videoName}`}
                      >
                        Set as Hero Video
                      </Button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      <UploadCard />
    </div>
  );
}
