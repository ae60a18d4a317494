// What a signed-in administrator sees while the layout's code (antd) and the section are on their
// way: the sidebar's and the content's shapes in plain CSS (index.html), no antd, so a slow network
// shows the page's structure at once instead of a lone spinner. It follows the remembered dark mode
// from its first paint (the appearance store is read as it renders, before the layout's theme exists).
import { getAppearance } from '@growth-admin/shared-client';

const MENU_ITEMS = 6;

export function LayoutSkeleton() {
  const { dark } = getAppearance();
  return (
    <div className="ga-skeleton" role="status" aria-live="polite" data-testid="layout-skeleton" data-theme={dark ? 'dark' : 'light'}>
      <span className="ga-visually-hidden">Loading</span>
      <div className="ga-skeleton-sider" aria-hidden="true">
        <span className="ga-skeleton-bar ga-skeleton-title" />
        {Array.from({ length: MENU_ITEMS }, (_, i) => (
          <span key={i} className="ga-skeleton-bar ga-skeleton-item" />
        ))}
      </div>
      <div className="ga-skeleton-content" aria-hidden="true">
        <span className="ga-skeleton-bar ga-skeleton-heading" />
        <div className="ga-skeleton-row">
          <span className="ga-skeleton-block" />
          <span className="ga-skeleton-block" />
          <span className="ga-skeleton-block" />
        </div>
        <div className="ga-skeleton-row">
          <span className="ga-skeleton-block ga-skeleton-tall" />
          <span className="ga-skeleton-block ga-skeleton-tall" />
        </div>
      </div>
    </div>
  );
}
