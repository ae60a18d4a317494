// What antd's style hooks become in the shell's production build when the build's CSS already holds
// their styles (antd-static-css.mjs, antd-precomputed-style-loader.cjs): the class names antd's hooks
// return, and nothing computed or injected. The hooks' style code stays out of the first screen's
// JavaScript; a component the CSS lacks keeps antd's own hook, which computes its style at run time.
import useToken from 'antd/es/theme/useToken.js';

// The classes of the themes whose values the build's CSS holds (the administrator's appearances).
const PRECOMPUTED_THEMES = JSON.parse(process.env.ANTD_PRECOMPUTED_THEMES || '[]');
const reported = new Set();

/** Says so, once, when a theme's values are not in the build's CSS: a section's own themed ConfigProvider. */
function checkTheme(key) {
  if (!PRECOMPUTED_THEMES.length || PRECOMPUTED_THEMES.includes(key) || reported.has(key)) return;
  reported.add(key);
  console.error(
    `antd's components under the theme class ${key} miss their theme values: the shell's build precomputes only ${PRECOMPUTED_THEMES.join(', ')}. ` +
      "Render inside the shell's ConfigProvider instead of one with a theme of its own.",
  );
}

/** A `genStyleHooks` hook: the hash class and the class that scopes the theme's CSS variables. */
export function useStyleClasses() {
  const [, , hashId, , cssVar] = useToken();
  checkTheme(cssVar.key);
  return [hashId, cssVar.key];
}

/** A `genComponentStyleHook` hook: the hash class. */
export function useHashClass() {
  return useToken()[2];
}

/** A `genSubStyleComponent` component: it only injected its style. */
export function NoStyle() {
  return null;
}

/** ConfigProvider's icon reset (`useResetIconStyle`): it only injected the icons' style, and answers nothing. */
export function useIconStyle() {}
