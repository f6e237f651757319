import { Plus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Card, CardBody, CardHeader, CardTitle } from '../../../ui/card.tsx';
import { emptyClass, noteClass } from './styles.ts';

/** A card whose content is still to come: the specification's own empty text, nothing invented. */
function PlaceholderCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardBody>{children}</CardBody>
    </Card>
  );
}

/** A button the specification names whose action is not built yet: shown, disabled, and saying so. */
function NotYetButton({ label, note }: { label: string; note: string }) {
  const noteId = useId();
  return (
    <div>
      <Button disabled aria-describedby={noteId}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
      <p id={noteId} className={noteClass}>
        {note}
      </p>
    </div>
  );
}

export function ContentPanel() {
  return (
    <PlaceholderCard title="Content Moderation">
      <p className={emptyClass}>No pending content</p>
    </PlaceholderCard>
  );
}

export function IncidentsPanel() {
  return (
    <PlaceholderCard title="Incident Reports">
      <p className={emptyClass}>No incidents reported</p>
    </PlaceholderCard>
  );
}

export function PaymentsPanel() {
  return (
    <PlaceholderCard title="Payments">
      <p className={emptyClass}>No payment data available</p>
    </PlaceholderCard>
  );
}
