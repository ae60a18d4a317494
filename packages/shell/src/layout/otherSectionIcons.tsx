// The section icons no section of this repository uses (sectionIcons.tsx loads this on first use).
import type { ReactNode } from 'react';
import { AppstoreOutlined, CustomerServiceOutlined, FileTextOutlined, GiftOutlined, MessageOutlined, ToolOutlined, WalletOutlined } from '@ant-design/icons';
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
