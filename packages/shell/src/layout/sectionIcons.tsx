// The icons a section may name (api-contract's SECTION_ICONS): the registry's gate refuses any other,
// and the shell draws each one. This repository's own sections' icons come with the layout; the
// others (a new team's) load with their first use, so they cost the first screen nothing. An unknown
// name (a newer contract than this shell) gets a plain icon.
import { lazy, Suspense, type ReactNode } from 'react';
import { AppstoreOutlined, BarChartOutlined, CreditCardOutlined, ProjectOutlined, SettingOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import type { SectionIcon } from '@growth-admin/shared-client';

const OWN_ICONS: Partial<Record<SectionIcon, () => ReactNode>> = {
  dashboard: () => <BarChartOutlined />,
  projects: () => <ProjectOutlined />,
  users: () => <UserOutlined />,
  orders: () => <ShoppingCartOutlined />,
  payments: () => <CreditCardOutlined />,
  settings: () => <SettingOutlined />,
};

const OtherIcon = lazy(() => import(/* webpackChunkName: "section-icons" */ './otherSectionIcons'));

export function sectionIcon(name: string): ReactNode {
  const own = OWN_ICONS[name as SectionIcon];
  if (own) return own();
  return (
    <Suspense fallback={<AppstoreOutlined />}>
      <OtherIcon name={name} />
    </Suspense>
  );
}
