import { Download } from 'lucide-react';
import { button } from '../../../../styled-system/recipes';
import { Card } from '../../../ui/card.tsx';
import { cardClass, headingClass, mutedClass } from './device-card-styles.ts';

/** Issue 38 item 6 on Edit Profile: everything the league keeps about the member, as one JSON file. */
export function MyData() {
  return (
    <section aria-labelledby="my-data-heading">
      <Card className={cardClass}>
        <h2 id="my-data-heading" className={headingClass}>
          My Data
        </h2>
        <p className={mutedClass}>
          Your profile, registrations, payments, points, messages and the waivers you signed, in one JSON file.
        </p>
        <div>
          <a className={button({ variant: 'outline' })} href="/api/profile/export" download>
            <Download aria-hidden="true" />
            Download My Data
          </a>
        </div>
      </Card>
    </section>
  );
}
