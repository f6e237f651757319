import { css } from '../../../../styled-system/css';
import { TextLink } from '../../../ui/text-link.tsx';
import { footerLinks } from '../nav-items.ts';

const footerClass = css({
  background: 'bg.default',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  mt: 'auto',
});
const innerClass = css({
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  gap: { base: '3', md: '6' },
  alignItems: { base: 'flex-start', md: 'center' },
  justifyContent: 'space-between',
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: '6',
});
const listClass = css({ display: 'flex', flexWrap: 'wrap', columnGap: '5', rowGap: '0' });
const copyClass = css({ color: 'fg.muted', textStyle: 'sm' });

/** Footer on every page (000 s2). */
export function Footer() {
  return (
    <footer className={footerClass}>
      <div className={innerClass}>
        <nav aria-label="Legal">
          <ul className={listClass}>
            {footerLinks.map((link) => (
              <li key={link.href}>
                <TextLink href={link.href} block>
                  {link.label}
                </TextLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className={copyClass}>© 2025 WTA League. All rights reserved.</p>
      </div>
    </footer>
  );
}
