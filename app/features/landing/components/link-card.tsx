import type { ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { AppLink } from '../../../ui/app-link.tsx';
import { Card } from '../../../ui/card.tsx';

const cardClass = css({
  height: 'full',
  transitionDuration: 'normal',
  transitionProperty: '[border-color, box-shadow]',
  _hover: { borderColor: 'verified.border', boxShadow: 'md' },
  // The title link covers the card; its focus ring is drawn around the whole card.
  '&:has(a:focus-visible)': { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const bodyClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '2', p: '5' });
const iconClass = css({
  alignItems: 'center',
  background: 'inverse.bg',
  borderRadius: 'l2',
  color: 'inverse.accent',
  display: 'inline-flex',
  height: '11',
  justifyContent: 'center',
  mb: '1',
  width: '11',
  '& svg': { height: '6', width: '6' },
});
const titleClass = css({ fontSize: 'xl', fontWeight: 'extrabold', lineHeight: 'tight' });
const linkClass = css({
  color: 'fg.default',
  textDecoration: 'none',
  _focusVisible: { outline: 'none' },
  // Stretched over the card so the whole card is the link target (well over 44 px).
  _after: { content: '""', inset: '0', position: 'absolute', zIndex: 'base' },
});
const textClass = css({ color: 'fg.muted', textStyle: 'sm' });

export interface LinkCardProps {
  href: string;
  title: string;
  icon: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Heading level of the title in the page outline. */
  headingLevel?: 'h2' | 'h3';
}

/** A card that is one link: its title is the link's name, stretched over the whole card. */
export function LinkCard({ href, title, icon, children, className, headingLevel: Heading = 'h3' }: LinkCardProps) {
  return (
    <Card className={cx(cardClass, className)}>
      <div className={bodyClass}>
        <span className={iconClass} aria-hidden="true">
          {icon}
        </span>
        <Heading className={titleClass}>
          <AppLink href={href} className={linkClass}>
            {title}
          </AppLink>
        </Heading>
        {children ? <p className={textClass}>{children}</p> : null}
      </div>
    </Card>
  );
}

/** A landing section: a heading, an optional lead, and its content. */
export function LandingSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h2
          id={id}
          className={css({
            fontFamily: 'display',
            fontSize: { base: '3xl', md: '4xl' },
            fontWeight: 'black',
            letterSpacing: 'tight',
            lineHeight: 'tight',
            textTransform: 'uppercase',
          })}
        >
          {title}
        </h2>
        {lead ? <p className={css({ color: 'fg.muted', maxWidth: '2xl' })}>{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}
