import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import { cx } from '../../styled-system/css';
import { avatar, type AvatarVariantProps } from '../../styled-system/recipes';

export type AvatarProps = AvatarVariantProps & {
  name: string;
  src?: string | null | undefined;
  className?: string;
};

/** Initials of a display name: "Jordan Lee" -> "JL". */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * A profile picture that falls back to initials while loading or when missing. The root carries the name so the
 * announcement is the same whichever of the two is showing.
 */
export function Avatar({ name, src, className, ...variants }: AvatarProps) {
  const styles = avatar(variants);
  return (
    <ArkAvatar.Root className={cx(styles.root, className)} role="img" aria-label={name}>
      <ArkAvatar.Fallback className={styles.fallback} aria-hidden="true">
        {initials(name)}
      </ArkAvatar.Fallback>
      {src ? <ArkAvatar.Image className={styles.image} src={src} alt="" /> : null}
    </ArkAvatar.Root>
  );
}
