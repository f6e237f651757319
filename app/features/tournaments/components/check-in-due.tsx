import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { checkInWindow } from '../../../../edge/features/check-in/constants.ts';
import type { MyRegistration } from '../../../../edge/features/tournaments/schema.ts';
import { useRenderNow } from '../../../lib/render-env.ts';
import { TextLink } from '../../../ui/text-link.tsx';
import { CheckInPanel } from './check-in-panel.tsx';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const titleClass = css({ fontSize: 'xl', fontWeight: 'extrabold' });
const itemClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });

/** Whether an entry is the member's to check in now: inside its window (D39), not yet withdrawn. */
export function checkInDue(r: MyRegistration, now: Date): boolean {
  if (!r.tournament.checkIn || r.tournament.status !== 'upcoming' || r.status !== 'registered' || !r.mayCheckIn) {
    return false;
  }
  const { opensAt, closesAt } = checkInWindow(new Date(r.tournament.startDate));
  return now >= opensAt && now < closesAt;
}

/**
 * D39 on the dashboard: every entry whose check-in is open, each with Check In (or what became of it), so a player
 * does not have to find the tournament first. Nothing outside a window.
 */
export function CheckInDue({ registrations, userId }: { registrations: readonly MyRegistration[]; userId: string }) {
  const now = useRenderNow(30_000);
  const headingId = useId();
  const due = registrations.filter((r) => checkInDue(r, now));
  if (due.length === 0) return null;
  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <h2 id={headingId} className={titleClass}>
        Check-In
      </h2>
      {due.map((r) => (
        <div key={r.id} className={itemClass}>
          <TextLink href={`/tournaments/${r.tournament.id}`}>{r.tournament.title}</TextLink>
          <CheckInPanel
            tournamentId={r.tournament.id}
            title={r.tournament.title}
            startDate={r.tournament.startDate}
            checkedInAt={r.checkedInAt}
            userId={userId}
            {...(r.teamName ? { team: r.teamName } : {})}
          />
        </div>
      ))}
    </section>
  );
}
