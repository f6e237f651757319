import { useSuspenseQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import type { ProfileTab } from '../profile-form.ts';
import { editableProfileQueryOptions, useUpdateProfileMutation, type CurrentUser } from '../queries.ts';
import { EditProfileForm } from './edit-profile-form.tsx';
import { ProfilePicture } from './profile-picture.tsx';
import { CalendarFeed } from './calendar-feed.tsx';
import { MyData } from './my-data.tsx';
import { PushNotifications } from './push-notifications.tsx';
import { SignedInDevices } from './signed-in-devices.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '5', md: '6' },
  maxWidth: '3xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const headerClass = css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' });
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '4xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
  textTransform: 'uppercase',
});
const leadClass = css({ color: 'fg.muted' });
const cardClass = css({ p: { base: '4', md: '6' } });

export interface EditProfilePageProps {
  user: CurrentUser;
  /** Owners only (001 s6): the Team tab's content, composed by the route from the teams feature. */
  teamTab?: ReactNode;
  /** D44: the API keys card, composed by the route from the api-keys feature. */
  apiKeys?: ReactNode;
}

/**
 * Edit Profile (001 s2): back to the team page for owners, else the dashboard; the picture; the Basic Info, Player
 * Stats and (owners) Team tabs; the member's signed-in devices.
 */
export function EditProfilePage({ user, teamTab, apiKeys }: EditProfilePageProps) {
  const { data: profile, dataUpdatedAt } = useSuspenseQuery(editableProfileQueryOptions);
  const [tab, setTab] = useState<ProfileTab>('basic');
  const save = useUpdateProfileMutation();
  const owner = user.role === 'owner';
  return (
    <div className={pageClass}>
      <header className={headerClass}>
        <LinkButton href={owner ? '/teams' : '/dashboard'} variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" />
          {owner ? 'Back to My Teams' : 'Back to Dashboard'}
        </LinkButton>
        <h1 className={titleClass}>Edit Profile</h1>
        <p className={leadClass}>What you save here shows on your public profile and across the league.</p>
      </header>
      <Card className={cardClass}>
        <ProfilePicture user={user} />
      </Card>
      <Card className={cardClass}>
        {/* Starts again from the server's answer after each save (trimmed texts, the divisions in list order). */}
        <EditProfileForm
          key={dataUpdatedAt}
          profile={profile}
          tab={tab}
          onTabChange={setTab}
          save={save}
          teamTab={owner ? teamTab : undefined}
        />
      </Card>
      <PushNotifications />
      <CalendarFeed />
      <MyData />
      {apiKeys}
      <SignedInDevices />
    </div>
  );
}
