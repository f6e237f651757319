import { Construction, LifeBuoy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { SOCIAL_LINKS, SUPPORT_HREF } from '../site-links.ts';

/** 001 s9: the countdown runs two hours from the moment the page loads. */
export const MAINTENANCE_WINDOW_MS = 2 * 60 * 60 * 1000;

/** 'HH:MM:SS' of a duration, never below zero. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * The time left, starting from the full two hours. The end is fixed when the page starts in the browser (its
 * load), so the server's HTML and the first client render agree on 02:00:00 and then it ticks down.
 */
function useRemaining(): number {
  const [remaining, setRemaining] = useState(MAINTENANCE_WINDOW_MS);
  useEffect(() => {
    const end = Date.now() + MAINTENANCE_WINDOW_MS;
    const id = window.setInterval(() => {
      const left = end - Date.now();
      setRemaining(left);
      if (left <= 0) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, []);
  return remaining;
}

const wrapClass = css({
  alignItems: 'center',
  display: 'flex',
  flex: '1',
  flexDirection: 'column',
  gap: '5',
  justifyContent: 'center',
  maxWidth: '2xl',
  mx: 'auto',
  px: '4',
  py: { base: '12', md: '20' },
  textAlign: 'center',
});
const iconClass = css({ width: '16', height: '16', color: 'verified.text' });
const titleClass = css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'extrabold' });
const textClass = css({ color: 'fg.muted', textStyle: 'lg' });
const timerBoxClass = css({
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  background: 'bg.subtle',
  px: '6',
  py: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
});
const timerLabelClass = css({ textStyle: 'sm', fontWeight: 'semibold', color: 'fg.muted' });
const timerClass = css({
  fontFamily: 'mono',
  fontSize: { base: '4xl', md: '5xl' },
  fontWeight: 'bold',
  fontVariantNumeric: 'tabular-nums',
});
const socialListClass = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4' });

/** /maintenance (001 s2): Under Construction, a two-hour countdown, what is happening, support and social links. */
export function MaintenancePage() {
  const remaining = useRemaining();
  return (
    <section className={wrapClass} aria-labelledby="maintenance-title">
      <Construction aria-hidden="true" className={iconClass} />
      <h1 id="maintenance-title" className={titleClass}>
        Under Construction
      </h1>
      <p className={textClass}>
        We&rsquo;re carrying out scheduled maintenance to make the league faster and more reliable. Tournaments, tickets
        and your account are safe, and everything will be back shortly.
      </p>
      <div className={timerBoxClass}>
        <span className={timerLabelClass} id="maintenance-timer-label">
          Estimated time remaining
        </span>
        <span role="timer" aria-labelledby="maintenance-timer-label" className={timerClass}>
          {formatRemaining(remaining)}
        </span>
      </div>
      <p className={textClass}>
        Tickets you already hold stay valid, and any waiver or message you send from the app waits on your device and is
        delivered when we&rsquo;re back.
      </p>
      <LinkButton href={SUPPORT_HREF} variant="outline">
        <LifeBuoy aria-hidden="true" />
        Contact Support
      </LinkButton>
      {SOCIAL_LINKS.length > 0 ? (
        <nav aria-label="Follow WTA League">
          <p className={timerLabelClass}>Follow us for updates</p>
          <ul className={socialListClass}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <TextLink href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </TextLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
