// The icons a section may name (api-contract's SECTION_ICONS): the registry's gate refuses any other,
// and the shell draws each one. An unknown name (a newer contract than this shell) gets a plain one.
import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  GiftOutlined,
  MessageOutlined,
  ProjectOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { SectionIcon } from '@growth-admin/shared-client';

export const SECTION_ICON_COMPONENTS: Record<SectionIcon, () => ReactNode> = {
  dashboard: () => <BarChartOutlined />,
  projects: () => <ProjectOutlined />,
  users: () => <UserOutlined />,
  orders: () => <ShoppingCartOutlined />,
  payments: () => <CreditCardOutlined />,
  settings: () => <SettingOutlined />,
  tickets: () => <CustomerServiceOutlined />,
  promotions: () => <GiftOutlined />,
  reports: () => <FileTextOutlined />,
  messages: () => <MessageOutlined />,
  wallet: () => <WalletOutlined />,
  tools: () => <ToolOutlined />,
};

export function sectionIcon(name: string): ReactNode {
  const draw = SECTION_ICON_COMPONENTS[name as SectionIcon] ?? (() => <AppstoreOutlined />);
  return draw();
}
