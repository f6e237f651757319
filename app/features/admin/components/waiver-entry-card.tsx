import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import type { WaiverLogEntry } from '../../../../edge/features/waivers/schema.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { deviceInfoEntries, formatSignedAt, signerAge, signerFullName, waiverTypeLabel } from '../waiver-log.ts';
import { cardPadClass } from './styles.ts';

const headClass = css({ alignItems: 'flex-start', display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between' });
const nameClass = css({ fontWeight: 'extrabold', textStyle: 'lg', overflowWrap: 'anywhere' });
const emailClass = css({ color: 'fg.muted', overflowWrap: 'anywhere', textStyle: 'sm' });
const badgesClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const factsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  textStyle: 'sm',
});
const labelClass = css({ color: 'fg.muted', fontWeight: 'semibold' });
const valueClass = css({ overflowWrap: 'anywhere' });
const signatureClass = css({
  background: 'white',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  height: '16',
  maxWidth: '48',
  objectFit: 'contain',
  width: 'full',
});
const detailsClass = css({ textStyle: 'sm' });
const summaryClass = css({
  cursor: 'pointer',
  display: 'list-item',
  fontWeight: 'semibold',
  py: '3',
  _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const detailListClass = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' }, pt: '2' });
const hashClass = css({ fontFamily: 'mono', overflowWrap: 'anywhere', textStyle: 'xs' });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className={labelClass}>{label}</dt>
      <dd className={valueClass}>{children}</dd>
    </div>
  );
}

/** One waiver of the log (001 s3, s5): signer, age badge, record facts, signatures and the technical details. */
export function WaiverEntryCard({ entry, now }: { entry: WaiverLogEntry; now: Date }) {
  const name = signerFullName(entry);
  const age = signerAge(entry, now);
  const { waiver } = entry;
  const device = deviceInfoEntries(waiver.deviceInfo);
  return (
    <Card className={cardPadClass}>
      <div className={headClass}>
        <div>
          <h3 className={nameClass}>{name}</h3>
          <p className={emailClass}>{entry.user.email}</p>
        </div>
        <div className={badgesClass}>
          {age.years === null ? (
            <Badge>Age unknown</Badge>
          ) : age.minor ? (
            <Badge tone="danger">Age {age.years} (minor)</Badge>
          ) : (
            <Badge>Age {age.years}</Badge>
          )}
          <Badge tone="accent">{waiverTypeLabel(waiver.type)}</Badge>
        </div>
      </div>
      <dl className={factsClass}>
        <Fact label="Date signed">{formatSignedAt(waiver.createdAt)}</Fact>
        <Fact label="IP address">{waiver.ipAddress ?? 'Not recorded'}</Fact>
        <Fact label="Emergency contact">
          {waiver.emergencyContactName}
          <br />
          {waiver.emergencyContactPhone}
        </Fact>
        {waiver.parentGuardianName ? (
          <Fact label="Parent/guardian">
            {waiver.parentGuardianName}
            {waiver.parentGuardianEmail ? (
              <>
                <br />
                {waiver.parentGuardianEmail}
              </>
            ) : null}
          </Fact>
        ) : null}
        <Fact label="Signature">
          <img src={waiver.signatureData} alt={`Signature of ${name}`} className={signatureClass} loading="lazy" />
        </Fact>
        {waiver.parentGuardianSignature ? (
          <Fact label="Parent/guardian signature">
            <img
              src={waiver.parentGuardianSignature}
              alt={`Signature of ${waiver.parentGuardianName ?? 'the parent or guardian'}`}
              className={signatureClass}
              loading="lazy"
            />
          </Fact>
        ) : null}
      </dl>
      <details className={detailsClass}>
        <summary className={summaryClass}>Record details</summary>
        <dl className={detailListClass}>
          <dt className={labelClass}>Signed as</dt>
          <dd className={valueClass}>{waiver.signerName}</dd>
          <dt className={labelClass}>Waiver text version</dt>
          <dd>{waiver.textVersion}</dd>
          <dt className={labelClass}>Device time</dt>
          <dd>{waiver.deviceSignedAt ? formatSignedAt(waiver.deviceSignedAt) : 'Not recorded'}</dd>
          {device.length === 0 ? (
            <>
              <dt className={labelClass}>Device info</dt>
              <dd>Not recorded</dd>
            </>
          ) : (
            device.map(([key, value]) => (
              <div key={key} className={css({ display: 'contents' })}>
                <dt className={labelClass}>Device {key}</dt>
                <dd className={valueClass}>{value}</dd>
              </div>
            ))
          )}
          <dt className={labelClass}>Content hash (SHA-256)</dt>
          <dd className={hashClass}>{waiver.contentHash}</dd>
        </dl>
      </details>
    </Card>
  );
}
