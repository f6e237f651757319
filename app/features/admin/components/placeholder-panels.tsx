import { Plus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../../../ui/card.tsx';
import { emptyClass, noteClass, panelClass } from './styles.ts';

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

/** 001 s2 Tournaments: the placeholder manager above the pending approvals. */
export function TournamentManagerPlaceholder() {
  return (
    <PlaceholderCard title="Tournament Manager">
      <NotYetButton
        label="Create New Tournament"
        note="Creating tournaments from here arrives with the hosting feature."
      />
      <p className={emptyClass}>No tournaments to manage</p>
    </PlaceholderCard>
  );
}

/** 001 s2 Users: pending verification applications and the User Management card. */
export function UsersPanel() {
  return (
    <div className={panelClass}>
      <PlaceholderCard title="Verification Applications">
        <p className={noteClass}>Reviewing verification applications arrives with the verification feature.</p>
      </PlaceholderCard>
      <PlaceholderCard title="User Management">
        <CardDescription>Managing user accounts arrives in a later release.</CardDescription>
      </PlaceholderCard>
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

export function PermissionsPanel() {
  return (
    <PlaceholderCard title="Coach Permissions">
      <NotYetButton label="Add New Coach" note="Assigning coaches arrives in a later release." />
      <p className={emptyClass}>No coaches assigned</p>
    </PlaceholderCard>
  );
}

/** 001 s2 Media: the hero video manager belongs to a later issue. */
export function MediaPanel() {
  return (
    <PlaceholderCard title="Hero Video">
      <p className={noteClass}>Choosing the homepage hero video arrives with the media feature.</p>
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
