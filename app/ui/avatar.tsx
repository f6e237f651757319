import { useState } from 'react';
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
 * A profile picture over its initials: the initials show while the picture loads (an image with nothing decoded yet
 * paints nothing) and stay when it is missing or fails. The root carries the name so the announcement is the same
 * whichever of the two is showing. Not Ark's Avatar (ADR 064): its state machine brought zag's runtime, ~8 KiB gz,
 * into the first load of every public page with a face on it, for what the image's own error event does.
 */
export function Avatar({ name, src, className, ...variants }: AvatarProps) {
  const styles = avatar(variants);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div data-scope="avatar" data-part="root" className={cx(styles.root, className)} role="img" aria-label={name}>
      <span data-scope="avatar" data-part="fallback" className={styles.fallback} aria-hidden="true">
        {initials(name)}
      </span>
      {src && failed !== src ? (
        <img
          data-scope="avatar"
          data-part="image"
          className={styles.image}
          src={src}
          alt=""
          // A server-rendered picture may have failed before the page's code ran, when no error event is heard.
          ref={(img) => {
            if (img?.complete && img.naturalWidth === 0) setFailed(src);
          }}
          onError={() => setFailed(src)}
        />
      ) : null}
    </div>
  );
}
