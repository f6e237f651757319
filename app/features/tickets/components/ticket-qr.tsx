import { useQuery } from '@tanstack/react-query';
import { css, cx } from '../../../../styled-system/css';
import { ticketQrQueryOptions } from '../queries.ts';

const frameClass = css({
  // The QR's own quiet zone is white; the frame keeps it white in dark mode too (scanners need dark on light).
  background: 'white',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '1',
  pb: '3',
  width: 'full',
  maxWidth: '72',
});
const imageClass = css({ aspectRatio: 'square', display: 'block', height: 'auto', width: 'full' });
const placeholderClass = css({ animation: 'skeleton-pulse', aspectRatio: 'square', background: 'gray.light.4', width: 'full' });
const codeClass = css({
  // Dark text on the always-white frame.
  color: 'gray.light.12',
  fontFamily: 'mono',
  fontWeight: 'bold',
  letterSpacing: 'wider',
  textStyle: 'lg',
  overflowWrap: 'anywhere',
  px: '3',
  textAlign: 'center',
});
const errorClass = css({ color: 'danger.text', p: '4', textAlign: 'center', textStyle: 'sm' });

/** A ticket's QR code with its code in text below (what door staff type in when a camera fails). */
export function TicketQr({ code, label, className }: { code: string; label?: string; className?: string }) {
  const qr = useQuery(ticketQrQueryOptions(code));
  return (
    <figure className={cx(frameClass, className)}>
      {qr.isSuccess ? (
        <img className={imageClass} src={qr.data} alt={`QR code for ${label ?? `ticket ${code}`}`} width={288} height={288} />
      ) : qr.isError ? (
        <p className={errorClass} role="alert">
          The QR code could not be drawn. Show the code below instead.
        </p>
      ) : (
        <div className={placeholderClass} role="img" aria-label="Drawing QR code" />
      )}
      <figcaption className={codeClass}>{code}</figcaption>
    </figure>
  );
}
