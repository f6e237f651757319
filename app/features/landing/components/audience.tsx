import { Camera, Dumbbell, Flame, Radio } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { LandingSection } from './link-card.tsx';

const groups = [
  { icon: <Flame />, title: 'Underdogs', text: 'No draft, no scouts. Enter, win your bracket, get paid.' },
  { icon: <Radio />, title: 'Streamers', text: 'Every bracket is content. Bring your chat to courtside.' },
  { icon: <Dumbbell />, title: 'Athletes', text: 'Turn a Saturday into prize money and ranking points.' },
  { icon: <Camera />, title: 'Creators', text: 'Media Day, highlights and a league that wants to be filmed.' },
];

const gridClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
});
const itemClass = css({
  background: 'inverse.bg',
  borderRadius: 'l3',
  color: 'inverse.fg',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  '& svg': { color: 'inverse.accent', height: '6', width: '6', mb: '1' },
});

/** Who the league is for (000 s2): underdogs, streamers, athletes and creators. */
export function Audience() {
  return (
    <LandingSection id="audience-title" title="Built for Underdogs, Streamers, Athletes and Creators">
      <ul className={gridClass}>
        {groups.map((group) => (
          <li key={group.title} className={itemClass}>
            <span aria-hidden="true">{group.icon}</span>
            <h3 className={css({ fontWeight: 'extrabold', textStyle: 'lg' })}>{group.title}</h3>
            <p className={css({ color: 'inverse.muted', textStyle: 'sm' })}>{group.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
