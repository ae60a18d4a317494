// The one antd theme of the shell (and so of every remote inside it) and of each remote's
// standalone harness: the spec's indigo as primary and link colour, and secondary text dark enough
// for WCAG AA (at least 4.5:1 on white and on the page's grey); antd's defaults (#8c8c8c secondary
// text, #1677ff links) fall below it. The error colour too: antd's #ff4d4f is 3.3:1 as form error
// text on white and under the white text of a danger button (Refund Order); #DC2626 is 4.8:1.
// Dark mode and compact density are antd's own algorithms over the same seed; in dark mode the
// link and the fainter texts are lightened so they keep 4.5:1 on antd's dark surfaces.
//
// A pure module (antd's algorithms, no React): the shell's build loads it too, to precompute each
// appearance's CSS variables (tools/federation/antd-static-css.mjs).
import { theme, type ThemeConfig } from 'antd';
import type { Appearance } from '@growth-admin/shared-client';

const LIGHT_TOKENS: ThemeConfig['token'] = {
  colorPrimary: '#4F46E5',
  // antd derives a lighter hover (white text on it falls under 4.5:1): a darker indigo keeps AA
  // for a hovered primary button's text and a hovered link alike.
  colorPrimaryHover: '#4338CA',
  colorPrimaryActive: '#3730A3',
  colorLink: '#4F46E5',
  colorLinkHover: '#4338CA',
  colorError: '#DC2626',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
};

const DARK_TOKENS: ThemeConfig['token'] = {
  colorPrimary: '#4F46E5',
  colorLink: '#A5B4FC',
  colorError: '#DC2626',
  colorTextSecondary: 'rgba(255, 255, 255, 0.7)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
  colorTextDescription: 'rgba(255, 255, 255, 0.7)',
};

/** Components that write text in the primary colour: on dark surfaces, a light indigo instead (over 4.5:1). */
const DARK_SELECTED_TEXT = '#C7D2FE';
const DARK_COMPONENTS: ThemeConfig['components'] = {
  // Link buttons (an order number in a row) write in the primary colour: light indigo, and so
  // solid primary buttons take it as their fill under dark indigo text (over 7:1 both).
  Button: { colorPrimary: '#A5B4FC', colorPrimaryHover: '#C7D2FE', colorPrimaryActive: '#818CF8', primaryColor: '#1E1B4B' },
  Menu: { itemSelectedColor: DARK_SELECTED_TEXT },
  Tabs: { itemSelectedColor: DARK_SELECTED_TEXT, itemActiveColor: DARK_SELECTED_TEXT, itemHoverColor: DARK_SELECTED_TEXT },
};

/** Every appearance an administrator can choose. */
export const APPEARANCES: readonly Appearance[] = [false, true].flatMap((dark) => [false, true].map((compact) => ({ dark, compact })));

/**
 * The class that scopes an appearance's CSS variables: a fixed one per appearance (antd would
 * derive it from React's useId), so the build can write each appearance's variables beforehand.
 */
export function appearanceCssVarKey({ dark, compact }: Appearance): string {
  return `ga-${dark ? 'dark' : 'light'}${compact ? '-compact' : ''}`;
}

/** The theme for an appearance: light or dark, comfortable or compact. */
export function adminTheme(appearance: Appearance): ThemeConfig {
  const { dark, compact } = appearance;
  const algorithm = [dark ? theme.darkAlgorithm : theme.defaultAlgorithm, ...(compact ? [theme.compactAlgorithm] : [])];
  const cssVar = { key: appearanceCssVarKey(appearance) };
  return dark ? { algorithm, token: DARK_TOKENS, components: DARK_COMPONENTS, cssVar } : { algorithm, token: LIGHT_TOKENS, cssVar };
}

