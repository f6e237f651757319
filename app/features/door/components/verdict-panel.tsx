import { CircleCheck, CircleX, History } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { formatLongDateTime } from '../../../lib/dates.ts';
import type { DoorAnswer } from '../check-in.ts';

const panelClass = css({
  borderWidth: '2px',
  borderRadius: 'l3',
  p: { base: '5', md: '8' },
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  textAlign: 'center',
});
const toneClass = {
  valid: css({ background: 'accent.default', color: 'accent.fg', borderColor: 'accent.default' }),
  used: css({ background: 'verified.subtle', color: 'verified.text', borderColor: 'verified.border' }),
  invalid: css({ background: 'danger.subtle', color: 'danger.text', borderColor: 'danger.border' }),
};
const iconClass = css({ width: '16', height: '16' });
const wordClass = css({
  fontSize: { base: '5xl', md: '7xl' },
  fontWeight: 'black',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
const detailClass = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' });
const noteClass = css({ textStyle: 'md', fontWeight: 'medium' });

const WORDS = { valid: 'Valid', used: 'Already used', invalid: 'Invalid' } as const;

/** The door's answer in large type (D26): valid (tier and first name), already used (when), or invalid. */
export function VerdictPanel({ answer }: { answer: DoorAnswer }) {
  const { verdict } = answer;
  const Icon = verdict.status === 'valid' ? CircleCheck : verdict.status === 'used' ? History : CircleX;
  return (
    <div className={cx(panelClass, toneClass[verdict.status])} data-verdict={verdict.status}>
      <Icon aria-hidden="true" className={iconClass} />
      <p className={wordClass}>{WORDS[verdict.status]}</p>
      {verdict.status === 'valid' && verdict.ticket ? (
        <p className={detailClass}>
          {verdict.ticket.tierName} · {verdict.ticket.firstName}
        </p>
      ) : null}
      {verdict.status === 'used' && verdict.ticket ? (
        <p className={detailClass}>
          {verdict.ticket.firstName}&rsquo;s {verdict.ticket.tierName}
          {verdict.ticket.usedAt ? ` was used ${formatLongDateTime(verdict.ticket.usedAt)}` : ' was already used'}
        </p>
      ) : null}
      {verdict.status === 'invalid' ? (
        <p className={detailClass}>No ticket with this code for this tournament</p>
      ) : null}
      {verdict.conflict ? (
        <p className={noteClass}>This ticket was also admitted at another door. Admins have been told.</p>
      ) : null}
      {answer.source === 'device' ? (
        <p className={noteClass}>
          {verdict.status === 'valid'
            ? 'Offline - checked on the saved list. The check-in is waiting to send.'
            : 'Offline - checked on the saved list.'}
        </p>
      ) : null}
    </div>
  );
}

/** A short vibration and tone for each answer where the device has them (D26): one buzz valid, three otherwise. */
export function signalVerdict(status: DoorAnswer['verdict']['status']): void {
  try {
    navigator.vibrate?.(status === 'valid' ? 150 : [120, 80, 120, 80, 120]);
  } catch {
    // No vibration here.
  }
  try {
    const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = status === 'valid' ? 880 : 220;
    tone.type = status === 'valid' ? 'sine' : 'square';
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (status === 'valid' ? 0.18 : 0.45));
    tone.onended = () => void audio.close();
  } catch {
    // No sound here.
  }
}
