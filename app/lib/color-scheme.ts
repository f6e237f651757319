import { useLayoutEffect } from 'react';
import type { ValidatedSearch } from './search-params.ts';

// Light and dark follow the system preference everywhere (app/theme/conditions.ts: both are media queries). The
// embedded bracket and the broadcast view (D45, ADR 075) may instead be told which to use (`?theme=light|dark`): the
// site that frames the bracket, or the stream's overlay, knows its own colours, and a stream's browser source has no
// system preference worth following.

export type ColorScheme = 'light' | 'dark';

export interface ThemeSearch {
  /** Light or dark as the framing site or the stream asks; the viewer's system preference when absent. */
  theme?: ColorScheme;
}

/**
 * `?theme=` read by the screen rather than by the route's validateSearch: a route's options stay in every page's
 * first load, its screen's code does not.
 */
export const themeSearch = (search: Record<string, unknown>): ThemeSearch =>
  ({
    theme: search.theme === 'light' || search.theme === 'dark' ? search.theme : undefined,
  }) satisfies ValidatedSearch<ThemeSearch>;

/** Whether a `@media` rule's condition is exactly the given scheme's preference. */
function isSchemeMedia(rule: CSSMediaRule, scheme: ColorScheme): boolean {
  return new RegExp(`^\\(prefers-color-scheme:\\s*${scheme}\\)$`).test(rule.conditionText.trim());
}

/**
 * The custom properties the page's stylesheets give `:root` under `@media (prefers-color-scheme: <scheme>)`: Panda's
 * semantic tokens for that scheme (ours and Park UI's), read from the stylesheet the page already has, so no second
 * copy of the theme is shipped for the two pages that use it.
 */
export function schemeVariables(sheets: Iterable<CSSStyleSheet>, scheme: ColorScheme): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (rules: CSSRuleList, inScheme: boolean) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSMediaRule) visit(rule.cssRules, inScheme || isSchemeMedia(rule, scheme));
      else if (rule instanceof CSSStyleRule) {
        if (inScheme && rule.selectorText.includes(':root')) {
          for (const name of Array.from(rule.style)) {
            if (name.startsWith('--')) found.set(name, rule.style.getPropertyValue(name));
          }
        }
      } else if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList) visit(rule.cssRules, inScheme);
    }
  };
  for (const sheet of sheets) {
    try {
      visit(sheet.cssRules, false);
    } catch {
      // Another origin's stylesheet (none today) cannot be read: it holds none of the theme's tokens.
    }
  }
  return found;
}

/**
 * Pins the page to `scheme` while the calling screen is shown: the scheme's token values set on <html> (an inline
 * style outranks both media blocks) and its `color-scheme` (form controls, scrollbars). Undefined leaves the system
 * preference in charge. Applied before paint, and undone when the screen goes.
 */
export function useColorScheme(scheme: ColorScheme | undefined): void {
  useLayoutEffect(() => {
    if (!scheme) return;
    const root = document.documentElement;
    const variables = schemeVariables(Array.from(document.styleSheets), scheme);
    for (const [name, value] of variables) root.style.setProperty(name, value);
    root.style.setProperty('color-scheme', scheme);
    root.dataset.theme = scheme;
    return () => {
      for (const name of variables.keys()) root.style.removeProperty(name);
      root.style.removeProperty('color-scheme');
      delete root.dataset.theme;
    };
  }, [scheme]);
}
