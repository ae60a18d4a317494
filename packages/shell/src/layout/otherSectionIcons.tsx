// The section icons no section of this repository uses (sectionIcons.tsx loads this on first use).
import type { ReactNode } from 'react';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import type { SectionIcon } from '@growth-admin/shared-client';

const OTHER_ICONS: Partial<Record<SectionIcon, () => ReactNode>> = {
  tickets: () => <CustomerServiceOutlined />,
  promotions: () => <GiftOutlined />,
  reports: () => <FileTextOutlined />,
  messages: () => <MessageOutlined />,
  wallet: () => <WalletOutlined />,
  tools: () => <ToolOutlined />,
};

export default function OtherSectionIcon({ name }: { name: string }) {
  const draw = OTHER_ICONS[name as SectionIcon] ?? (() => <AppstoreOutlined />);
  return draw();
}
