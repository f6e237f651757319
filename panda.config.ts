import { defineConfig } from '@pandacss/dev';
import { createPreset } from '@park-ui/panda-preset';
import amber from '@park-ui/panda-preset/colors/amber';
import sand from '@park-ui/panda-preset/colors/sand';
import { conditions } from './app/theme/conditions.ts';
import { globalCss } from './app/theme/global-css.ts';
import { alert } from './app/theme/recipes/alert.ts';
import { avatar } from './app/theme/recipes/avatar.ts';
import { badge } from './app/theme/recipes/badge.ts';
import { button } from './app/theme/recipes/button.ts';
import { card } from './app/theme/recipes/card.ts';
import { dialog } from './app/theme/recipes/dialog.ts';
import { field } from './app/theme/recipes/field.ts';
import { link } from './app/theme/recipes/link.ts';
import { menu } from './app/theme/recipes/menu.ts';
import { skipLink } from './app/theme/recipes/skip-link.ts';
import { tabs } from './app/theme/recipes/tabs.ts';
import { toast } from './app/theme/recipes/toast.ts';
import { semanticTokens } from './app/theme/semantic-tokens.ts';
import { tokens } from './app/theme/tokens.ts';

// Park UI gives the colour scales (amber for gold, sand for warm greys), radii, keyframes and base semantic tokens.
// Its recipes are left out: ours (app/theme/recipes) replace them, and `extend` would otherwise deep-merge two designs.
const park = createPreset({ accentColor: amber, grayColor: sand, radius: 'md' });
const { recipes: _parkRecipes, slotRecipes: _parkSlotRecipes, ...parkTheme } = park.theme?.extend ?? {};

export default defineConfig({
  preflight: true,
  include: ['./app/**/*.{ts,tsx}'],
  exclude: ['./app/routeTree.gen.ts'],
  outdir: 'styled-system',
  jsxFramework: 'react',
  strictTokens: true,
  presets: [{ ...park, theme: { extend: parkTheme } }],
  conditions,
  globalCss,
  theme: {
    extend: {
      tokens,
      semanticTokens,
      recipes: { button, badge, link, skipLink },
      slotRecipes: { alert, avatar, card, dialog, field, menu, tabs, toast },
    },
  },
  // Variants are often chosen at run time (tone={...}); emit them all, they are few.
  staticCss: { recipes: '*' },
});
