import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { LinkButton } from '../../../ui/link-button.tsx';

/** 001 s2, s9: every legal page carries this date. */
export const LEGAL_LAST_UPDATED = 'January 2025';

/** One block of a legal text: a paragraph, or a list when it is an array. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** The paragraph under the title. */
  intro: string;
  sections: readonly LegalSection[];
}

const pageClass = css({ maxWidth: '3xl', mx: 'auto', px: '4', py: { base: '8', md: '12' }, width: 'full' });
const headClass = css({ display: 'flex', flexDirection: 'column', gap: '3', mb: '8' });
const titleClass = css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold', lineHeight: 'tight' });
const updatedClass = css({ color: 'fg.muted', textStyle: 'sm' });
const introClass = css({ textStyle: 'lg', color: 'fg.default' });
const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3', mb: '8' });
const headingClass = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' });
const textClass = css({ lineHeight: 'relaxed' });
const listClass = css({
  listStyleType: 'disc',
  pl: '6',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  lineHeight: 'relaxed',
});
const backClass = css({ alignSelf: 'flex-start' });

function BackToHome() {
  return (
    <LinkButton href="/" variant="outline" className={backClass}>
      <ArrowLeft aria-hidden="true" />
      Back to Home
    </LinkButton>
  );
}

/** A legal page of 001 s2: title, 'Last updated: January 2025', numbered sections, and Back to Home above and below. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const titleId = useId();
  return (
    <article className={pageClass} aria-labelledby={titleId}>
      <header className={headClass}>
        <BackToHome />
        <h1 id={titleId} className={titleClass}>
          {document.title}
        </h1>
        <p className={updatedClass}>Last updated: {LEGAL_LAST_UPDATED}</p>
        <p className={introClass}>{document.intro}</p>
      </header>
      {document.sections.map((section, index) => (
        <section key={section.heading} className={sectionClass} aria-labelledby={`${titleId}-${index}`}>
          <h2 id={`${titleId}-${index}`} className={headingClass}>
            {index + 1}. {section.heading}
          </h2>
          {section.blocks.map((block, i) =>
            typeof block === 'string' ? (
              <p key={i} className={textClass}>
                {block}
              </p>
            ) : (
              <ul key={i} className={listClass}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
      <BackToHome />
    </article>
  );
}
