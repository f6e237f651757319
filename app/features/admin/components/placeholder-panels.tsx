import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '../../../ui/card.tsx';
import { emptyClass } from './styles.ts';

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

export function IncidentsPanel() {
  return (
    <PlaceholderCard title="Incident Reports">
      <p className={emptyClass}>No incidents reported</p>
    </PlaceholderCard>
  );
}
