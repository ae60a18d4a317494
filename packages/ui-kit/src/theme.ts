// The theme in React: the stored appearance's antd theme (adminThemes.ts) and what antd does not style.
import { theme, type ThemeConfig } from 'antd';
import { useEffect, useMemo } from 'react';
import { useAppearance } from './appearance';
import { adminTheme } from './adminThemes';

export { adminTheme } from './adminThemes';

/**
 * Puts the theme in context on the page itself, for what antd does not style: `data-theme` on
 * `<html>` (the page's own CSS: background, frame borders, scrollbars) and the secondary text
 * colour as `--ga-text-secondary` (FIELD_LABEL_STYLE). Render it inside the ConfigProvider.
 */
export function DocumentTheme({ dark }: { dark: boolean }) {
  const { token } = theme.useToken();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.setProperty('--ga-text-secondary', token.colorTextSecondary);
    // The page behind the layout (a harness's margins, an overscroll), through CSSOM: no inline style in markup.
    root.style.colorScheme = dark ? 'dark' : 'light';
    document.body.style.backgroundColor = token.colorBgLayout;
    return () => {
      delete root.dataset.theme;
      root.style.removeProperty('--ga-text-secondary');
      root.style.removeProperty('color-scheme');
      document.body.style.removeProperty('background-color');
    };
  }, [dark, token.colorTextSecondary, token.colorBgLayout]);
  return null;
}

export const ADMIN_THEME: ThemeConfig = adminTheme({ dark: false, compact: false });

/** The theme of the stored appearance, the same object until the choice changes (for ConfigProvider). */
export function useAdminTheme(): ThemeConfig {
  const appearance = useAppearance();
  return useMemo(() => adminTheme(appearance), [appearance]);
}
