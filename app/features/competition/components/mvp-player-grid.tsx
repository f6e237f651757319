import { css } from '../../../../styled-system/css';
import type { MvpPlayer } from '../../../../edge/features/competition/schema.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { playerCity, playerName } from '../mvp-display.ts';

const fieldsetClass = css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' });
const legendClass = css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' });
const gridClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
});
// The whole card is the radio's label; the native radio keeps arrow keys, Space and the screen reader's "radio, 2 of 8".
const cardClass = css({
  alignItems: 'center',
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '2px',
  cursor: 'pointer',
  display: 'flex',
  gap: '3',
  minHeight: 'touch',
  p: '3',
  transitionDuration: 'normal',
  transitionProperty: 'colors',
  _hover: { borderColor: 'accent.border' },
  '&:has(input:checked)': { background: 'verified.subtle', borderColor: 'verified.border' },
  '&:has(input:focus-visible)': { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const radioClass = css({ accentColor: 'accent.default', flexShrink: '0', height: '5', width: '5' });
const textClass = css({ display: 'flex', flexDirection: 'column', minWidth: '0' });
const nameClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const cityClass = css({ color: 'fg.muted', textStyle: 'sm' });

export interface MvpPlayerGridProps {
  players: readonly MvpPlayer[];
  selected: string | null;
  onSelect: (id: string) => void;
  disabled: boolean;
}

/** The MVP ballot (000 s2): one card a player (avatar, name, city or 'Unknown City'), one choice. */
export function MvpPlayerGrid({ players, selected, onSelect, disabled }: MvpPlayerGridProps) {
  return (
    <fieldset className={fieldsetClass} disabled={disabled}>
      <legend className={legendClass}>Choose the tournament MVP</legend>
      <div className={gridClass}>
        {players.map((player) => {
          const name = playerName(player);
          return (
            <label key={player.id} className={cardClass}>
              <input
                type="radio"
                name="mvp-player"
                value={player.id}
                className={radioClass}
                checked={selected === player.id}
                onChange={() => onSelect(player.id)}
              />
              <span aria-hidden="true">
                <Avatar name={name} src={player.profileImageUrl} />
              </span>
              <span className={textClass}>
                <span className={nameClass}>{name}</span>
                <span className={cityClass}>{playerCity(player)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
