import { useRouter } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent } from 'react';

export type AppLinkProps = ComponentProps<'a'> & { href: string };

/**
 * An in-app link by plain href (path plus optional query string): a real <a> for assistive technology, middle-click
 * and new tabs, with a plain left click handed to the router so the page does not reload. The navigation tables of
 * the specification name paths as strings, including routes that later issues add.
 */
export function AppLink({ href, onClick, target, ...props }: AppLinkProps) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || (target && target !== '_self')) return;
    // /api/* (sign-in redirects, Google sign-in) is the server's, not a route: the browser must load it.
    if (href.startsWith('/api/')) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} target={target} onClick={handleClick} {...props} />;
}
