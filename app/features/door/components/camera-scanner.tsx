import { useEffect, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/button.tsx';

const videoClass = css({
  width: 'full',
  maxHeight: 'sm',
  objectFit: 'cover',
  borderRadius: 'l3',
  background: 'inverse.stage',
});
const wrapClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const noteClass = css({ color: 'fg.muted', textStyle: 'sm' });
const errorClass = css({ color: 'danger.text', textStyle: 'sm' });

/** How often a frame is read: often enough to feel instant, rare enough to leave a phone's CPU for the video. */
const READ_EVERY_MS = 250;
/** The same code is not reported again within this long (it stays in front of the camera while the panel shows). */
const SAME_CODE_PAUSE_MS = 3_000;

export interface CameraScannerProps {
  /** Called with each QR code read (a ticket code). */
  onCode: (code: string) => void;
  onClose: () => void;
}

/**
 * The door's camera (D26): the rear camera's video, a frame read every 250 ms by the QR reader of ./scanner.ts
 * (loaded with this component, which itself loads only when the door presses Scan with camera).
 */
export default function CameraScanner({ onCode, onClose }: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<'starting' | 'scanning' | 'error'>('starting');
  const [error, setError] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    let last = { code: '', at: 0 };
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a camera here.');
        const [{ createQrReader }, media] = await Promise.all([
          import('../scanner.ts'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        if (stopped) return;
        const video = videoRef.current!;
        video.srcObject = media;
        await video.play();
        const reader = await createQrReader();
        setStatus('scanning');
        const tick = async () => {
          if (stopped) return;
          try {
            const code = video.readyState >= 2 ? await reader.read(video) : null;
            const now = Date.now();
            if (code && (code !== last.code || now - last.at > SAME_CODE_PAUSE_MS)) {
              last = { code, at: now };
              onCodeRef.current(code);
            }
          } catch {
            // One unreadable frame: try the next.
          }
          timer = window.setTimeout(() => void tick(), READ_EVERY_MS);
        };
        void tick();
      } catch (cause) {
        setStatus('error');
        const name = cause instanceof DOMException ? cause.name : '';
        setError(
          name === 'NotAllowedError'
            ? 'Camera permission was refused. Allow the camera for this site, or type the code below.'
            : name === 'NotFoundError'
              ? 'No camera found on this device. Type the code below.'
              : cause instanceof Error
                ? `${cause.message} Type the code below.`
                : 'The camera could not start. Type the code below.',
        );
      }
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className={wrapClass}>
      <video
        ref={videoRef}
        className={videoClass}
        muted
        playsInline
        aria-label="Camera view for scanning ticket QR codes"
      />
      {status === 'starting' ? <p className={noteClass}>Starting the camera...</p> : null}
      {status === 'scanning' ? (
        <p className={noteClass}>Hold the ticket&rsquo;s QR code in front of the camera.</p>
      ) : null}
      {error ? (
        <p role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
      <Button variant="outline" onClick={onClose}>
        Stop camera
      </Button>
    </div>
  );
}
