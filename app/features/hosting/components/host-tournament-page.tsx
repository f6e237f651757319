import { useQueryClient } from '@tanstack/react-query';
import { css } from '../../../../styled-system/css';
import { toastShown } from '../../../ui/toast.tsx';
import { Card } from '../../../ui/card.tsx';
import { defaultHostForm } from '../host-form.ts';
import { forgetMyHostedTournaments, submitHostedTournament } from '../queries.ts';
import { HostTournamentForm } from './host-tournament-form.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '4xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '6xl' },
  fontWeight: 'black',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
const leadClass = css({ color: 'fg.muted', textStyle: { base: 'md', md: 'lg' } });
const cardClass = css({ p: { base: '5', md: '8' } });

export interface HostTournamentPageProps {
  /** After 'Tournament Submitted!' (001 s2): to /dashboard. */
  onSubmitted: () => void;
  onCancel: () => void;
}

/** /host-tournament (001 s2, D10): a verified member submits a tournament for admin approval. */
export function HostTournamentPage({ onSubmitted, onCancel }: HostTournamentPageProps) {
  const queryClient = useQueryClient();
  return (
    <div className={pageClass}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h1 className={titleClass}>Host a Tournament</h1>
        <p className={leadClass}>
          Tell us about your event. An admin reviews every submission; once approved it is listed for players to
          register.
        </p>
      </header>
      <Card className={cardClass}>
        <HostTournamentForm
          initial={defaultHostForm()}
          submitLabel="Submit for Approval"
          submittingLabel="Submitting..."
          failureTitle="Submission Failed"
          onCancel={onCancel}
          onSubmit={async (payload) => {
            await submitHostedTournament(payload);
            void forgetMyHostedTournaments(queryClient);
            await toastShown({
              title: 'Tournament Submitted!',
              description: 'Your tournament has been submitted and is awaiting admin approval.',
            });
            onSubmitted();
          }}
        />
      </Card>
    </div>
  );
}
