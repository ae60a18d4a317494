// The one antd theme of the shell (and so of every remote inside it) and of each remote's
// standalone harness: the spec's indigo as primary and link colour, and secondary text dark enough
// for WCAG AA (at least 4.5:1 on white and on the page's grey); antd's defaults (#8c8c8c secondary
// text, #1677ff links) fall below it. The error colour too: antd's #ff4d4f is 3.3:1 as form error
// text on white and under the white text of a danger button (Refund Order); #DC2626 is 4.8:1.
import type { ThemeConfig } from 'antd';

export const ADMIN_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#4F46E5',
    colorLink: '#4F46E5',
    colorError: '#DC2626',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  },
};
