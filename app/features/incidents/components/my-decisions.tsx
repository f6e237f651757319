import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import {
  APPEAL_MAX,
  APPEAL_MIN,
  INCIDENT_MESSAGES,
  type MyDecision,
} from '../../../../edge/features/incidents/schema.ts';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client.ts';
import { formatLongDate, formatLongDateTime } from '../../../lib/dates.ts';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { appealDecision, myDecisionsQueryOptions } from '../queries.ts';
import { TextareaField } from './textarea-field.tsx';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const titleClass = css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'extrabold' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const textClass = css({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '2' });
const rowClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });

function headline(d: MyDecision): string {
  if (d.consequence === 'warning') return 'Conduct Warning';
  if (d.consequence === 'ban') return d.liftedAt ? 'Ban (lifted)' : 'Account Banned';
  return d.liftedAt
    ? 'Suspension (lifted)'
    : `Suspended for ${d.suspensionDays} day${d.suspensionDays === 1 ? '' : 's'}`;
}

function appealLine(d: MyDecision): string {
  const appeal = d.appeal;
  if (appeal?.status === 'pending') return `Appeal sent ${formatLongDate(appeal.appealedAt)}: an admin will review it.`;
  if (appeal?.status === 'overturned') return `Appeal accepted: the decision was overturned. ${appeal.response ?? ''}`;
  if (appeal?.status === 'upheld') return `Appeal reviewed: the decision stands. ${appeal.response ?? ''}`;
  if (d.canAppeal) return `You may appeal once, until ${formatLongDateTime(d.appealDeadline)}.`;
  return 'The 7-day appeal window has closed.';
}

function AppealForm({ decision, onClose }: { decision: MyDecision; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const mutation = useMutation({
    mutationFn: () => appealDecision(decision.id, text.trim()),
    onSuccess: async () => {
      toast({ title: 'Appeal Sent', description: 'An admin will review it and you will be notified.' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: myDecisionsQueryOptions.queryKey });
    },
    onError: (failure) => {
      const fields = getFieldErrors(failure);
      if (fields.text) {
        setError(fields.text);
        focusFirstInvalid(form.current);
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < APPEAL_MIN) {
      setError(INCIDENT_MESSAGES.appealTooShort);
      focusFirstInvalid(form.current);
      return;
    }
    setError(undefined);
    mutation.mutate();
  };
  const other = mutation.isError && !getFieldErrors(mutation.error).text;
  return (
    <form ref={form} className={formClass} onSubmit={submit} noValidate>
      <TextareaField
        label="Your appeal"
        name="text"
        value={text}
        maxLength={APPEAL_MAX}
        required
        helperText={`Explain why the decision should change (at least ${APPEAL_MIN} characters). You can appeal once.`}
        onChange={(e) => setText(e.target.value)}
        error={error}
      />
      {other ? (
        <p role="alert" className={errorClass}>
          {getErrorMessage(mutation.error) ?? 'An unexpected error occurred'}
        </p>
      ) : null}
      <div className={rowClass}>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending…' : 'Send Appeal'}
        </Button>
        <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The member's conduct decisions on their dashboard (D24): each with its reason and the one appeal within 7 days.
 * Shows nothing for the many members who have none (and nothing when the call fails: it is not the page's purpose).
 */
export function MyDecisions() {
  const query = useQuery(myDecisionsQueryOptions);
  const [appealing, setAppealing] = useState<number | null>(null);
  const decisions = query.data ?? [];
  if (decisions.length === 0) return null;
  return (
    <section className={sectionClass} aria-labelledby="conduct-decisions-title">
      <h2 id="conduct-decisions-title" className={titleClass}>
        Conduct Decisions
      </h2>
      <ul className={listClass}>
        {decisions.map((d) => (
          <li key={d.id}>
            <Alert
              tone={d.consequence === 'warning' || d.liftedAt ? 'neutral' : 'danger'}
              title={headline(d)}
              icon={<Scale />}
            >
              <p className={textClass}>{d.note}</p>
              <p>
                Decided {formatLongDate(d.decidedAt)}
                {d.endsAt && !d.liftedAt ? `, until ${formatLongDateTime(d.endsAt)}` : ''}.
              </p>
              <p>{appealLine(d)}</p>
              {d.canAppeal && appealing !== d.id ? (
                <Button size="sm" variant="outline" className={css({ mt: '2' })} onClick={() => setAppealing(d.id)}>
                  Appeal
                </Button>
              ) : null}
              {appealing === d.id ? <AppealForm decision={d} onClose={() => setAppealing(null)} /> : null}
            </Alert>
          </li>
        ))}
      </ul>
    </section>
  );
}
