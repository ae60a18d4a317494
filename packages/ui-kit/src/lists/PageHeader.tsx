import { Typography } from 'antd';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  subtitle: string;
  /** Buttons or controls at the right (Add Project, Customize Columns, the period toggle). */
  actions?: ReactNode;
}

/**
 * The header of every section: the title as the page's one level-one heading (at the size of the
 * former h2), the subtitle under it, actions at the right. One layout, so the title sits at the
 * same place in every section.
 */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <header style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: 16, marginBottom: 24 }}>
      <div style={{ marginRight: 'auto' }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 30, lineHeight: 1.35 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{subtitle}</Typography.Text>
      </div>
      {actions}
    </header>
  );
}
