// The icons a section may name (api-contract's SECTION_ICONS): the registry's gate refuses any other,
// and the shell draws each one. This repository's own sections' icons come with the layout; the
// others (a new team's) load with their first use, so they cost the first screen nothing. An unknown
// name (a newer contract than this shell) gets a plain icon.
import { lazy, Suspense, type ReactNode } from 'react';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import ProjectOutlined from '@ant-design/icons/ProjectOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
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
