import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { WAIVER_CLAUSES, WAIVER_TEXT_VERSION, WAIVER_TITLE } from '../../../../edge/features/waivers/schema.ts';
import { Card, CardBody, CardHeader, CardTitle } from '../../../ui/card.tsx';
import { leadClass, titleClass } from './waiver-page.ts';

const clausesClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  listStyleType: 'decimal',
  pl: '6',
  textStyle: 'sm',
});
const clauseTitleClass = css({ fontWeight: 'bold' });

/** The waiver's title and its 10 clauses (000 s2), read before anything is asked. */
export function WaiverTerms() {
  const termsId = useId();
  return (
    <>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={titleClass}>{WAIVER_TITLE}</h1>
        <p className={leadClass}>
          Every player signs this waiver once before competing. Version {WAIVER_TEXT_VERSION}.
        </p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle as="h2" id={termsId}>
            Terms
          </CardTitle>
        </CardHeader>
        <CardBody>
          <ol className={clausesClass} aria-labelledby={termsId}>
            {WAIVER_CLAUSES.map((clause) => (
              <li key={clause.title}>
                <span className={clauseTitleClass}>{clause.title}.</span> {clause.text}
              </li>
            ))}
          </ol>
        </CardBody>
      </Card>
    </>
  );
}
