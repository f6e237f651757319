import type { QueryKey } from '@tanstack/react-query';
import { UserCheck, UserPlus, Users } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Button } from '../../../ui/button.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { followersLabel } from '../profile-display.ts';
import { useFollowMutation } from '../follow-mutation.ts';
import type { PlayerProfile } from '../queries.ts';

const wrapClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  alignItems: { base: 'stretch', sm: 'flex-start' },
});
const rowClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '3' });
const countClass = css({
  alignItems: 'center',
  display: 'inline-flex',
  fontWeight: 'semibold',
  gap: '1.5',
  // The count's width changes with its digits; it sits after the button so the button never moves.
  '& svg': { height: '4', width: '4' },
});
// The widest label ('Following') decides the width, so pressing never moves what is beside it.
const buttonClass = css({ minWidth: '40' });

export interface FollowControlProps {
  subject: 'players' | 'teams';
  id: string;
  /** The profile's query, changed at once by a press and put back if the server refuses. */
  queryKey: QueryKey;
  profile: Pick<PlayerProfile, 'followerCount' | 'viewer'>;
  /** Where a guest comes back to after signing in. */
  returnTo: string;
  /** Whom the button follows, for screen readers ("Follow Jasmine Carter"). */
  name: string;
}

/**
 * Follow is real (D31): the follower count, and Follow / Following for a signed-in member. A guest's Follow is a
 * link to sign in that brings them back here (it works before the page's code has loaded). Nobody follows their
 * own profile or team: they see the count only.
 */
export function FollowControl({ subject, id, queryKey, profile, returnTo, name }: FollowControlProps) {
  const gate = useConnectionGate();
  const follow = useFollowMutation(subject, id, queryKey);
  const viewer = profile.viewer;
  const count = (
    // Polite: a press announces the new count after the button's own state.
    <span className={countClass} aria-live="polite" aria-atomic="true">
      <Users aria-hidden="true" />
      {followersLabel(profile.followerCount)}
    </span>
  );
  if (viewer?.self) return <div className={rowClass}>{count}</div>;
  if (!viewer) {
    return (
      <div className={rowClass}>
        <LinkButton href={`/auth?returnTo=${encodeURIComponent(returnTo)}`} className={buttonClass}>
          <UserPlus aria-hidden="true" />
          Follow
          <VisuallyHidden>{` ${name} (sign in first)`}</VisuallyHidden>
        </LinkButton>
        {count}
      </div>
    );
  }
  const toggle = () => {
    // One change at a time: a second press waits for the first answer (the button says so with aria-disabled).
    if (follow.isPending) return;
    follow.mutate(!viewer.following, {
      onError: (error) => toastRequestError(error, 'Error', 'Please try again'),
    });
  };
  return (
    <div className={wrapClass}>
      <div className={rowClass}>
        {/* The visible word is the start of the name ("Following Jasmine Carter"), so voice control finds it. */}
        <Button
          variant={viewer.following ? 'outline' : 'solid'}
          className={buttonClass}
          aria-pressed={viewer.following}
          aria-disabled={follow.isPending || undefined}
          onClick={toggle}
          {...gate.buttonProps}
        >
          {viewer.following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          {viewer.following ? 'Following' : 'Follow'}
          <VisuallyHidden>{` ${name}`}</VisuallyHidden>
        </Button>
        {count}
      </div>
      <NeedsConnectionNote gate={gate} action="Following" />
    </div>
  );
}
