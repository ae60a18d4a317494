// The signed-in application: antd and React Query providers, the sidebar layout, the current
// section, sign-out, and idle preloading of the other sections.
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Typography } from 'antd';
import {
  BarChartOutlined,
  CreditCardOutlined,
  LogoutOutlined,
  ProjectOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ADMIN_THEME, clearSession, getToken, installDialogFocusWrap, isPlainClick, logout, queries, StepUpHost, type Role, type SectionProps } from '@growth-admin/shared-client';
import { retryLogoutLater } from './pendingLogout';
import { SECTIONS, pathForSection, sectionById, type SectionId } from '../sections/sections';
import { preloadWhenIdle } from '../sections/remoteModules';
import { queryClient } from './queryClient';
import { ERROR_SECONDS, SUCCESS_SECONDS, sectionToast } from './toasts';
import { SectionHost } from './SectionHost';
import { useSectionRoute } from './useSectionRoute';

export { toastSignedIn } from './toasts';

declare const __webpack_public_path__: string;
const BASE_PATH = typeof __webpack_public_path__ === 'string' && __webpack_public_path__.startsWith('/') ? __webpack_public_path__ : '/';

const ICONS: Record<SectionId, React.ReactNode> = {
  analytics: <BarChartOutlined />,
  projects: <ProjectOutlined />,
  users: <UserOutlined />,
  orders: <ShoppingCartOutlined />,
  payments: <CreditCardOutlined />,
  settings: <SettingOutlined />,
};

/** Signs out on the server, then always locally: the administrator asked to leave. */
export async function signOut(): Promise<void> {
  const token = getToken();
  try {
    await logout();
    sectionToast.success('Successfully logged out', SUCCESS_SECONDS);
  } catch {
    sectionToast.error('Failed to logout', ERROR_SECONDS);
    // Signed out here at once; the server session is ended in the background.
    if (token) retryLogoutLater(token);
  } finally {
    queryClient.clear();
    clearSession();
  }
}

interface SignedInProps {
  username: string;
  /** The role stored at sign-in; /me says the current one (a role changed since shows at once). */
  storedRole?: Role;
}

function Shell({ username, storedRole }: SignedInProps) {
  const { modal } = AntApp.useApp();
  const [sectionId, navigate] = useSectionRoute(BASE_PATH);
  const section = sectionById(sectionId);
  const me = useQuery(queries.me());
  const role = me.data?.role ?? storedRole;
  const sectionProps: SectionProps = useMemo(() => ({ user: { username, role }, toast: sectionToast }), [username, role]);

  // Once the first section has settled, warm the other remotes while the browser is idle.
  const [firstSettled, setFirstSettled] = useState(false);
  const onSettled = useCallback(() => setFirstSettled(true), []);
  const firstSection = useRef(sectionId);
  useEffect(() => {
    if (!firstSettled) return;
    const others = SECTIONS.filter((s) => s.id !== firstSection.current).map((s) => s.remote);
    return preloadWhenIdle(others);
  }, [firstSettled]);

  const confirmSignOut = () => {
    modal.confirm({
      title: 'Are you sure you want to sign out?',
      okText: 'Sign Out',
      cancelText: 'Cancel',
      onOk: signOut,
    });
  };

  const onMenuLink = (id: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Plain clicks switch in place; modified clicks keep the browser's open-in-new-tab.
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigate(id);
  };

  return (
    <Layout className="ga-layout">
      <Layout.Sider width={232} theme="light" className="ga-sider">
        <div className="ga-sider-inner">
          <Typography.Title level={4} className="ga-sider-title">
            Admin Panel
          </Typography.Title>
          <Menu
            mode="inline"
            selectedKeys={[sectionId]}
            className="ga-menu"
            items={SECTIONS.map((s) => ({
              key: s.id,
              icon: ICONS[s.id],
              label: (
                <a href={pathForSection(s.id, BASE_PATH)} onClick={onMenuLink(s.id)}>
                  {s.label}
                </a>
              ),
            }))}
          />
          <div className="ga-sider-footer">
            <Typography.Text type="secondary" className="ga-logged-in-as">
              Logged in as
            </Typography.Text>
            <Typography.Text strong className="ga-username" data-testid="current-username">
              {username}
            </Typography.Text>
            <Button block icon={<LogoutOutlined />} onClick={confirmSignOut}>
              Sign Out
            </Button>
          </div>
        </div>
      </Layout.Sider>
      <Layout.Content className="ga-content" data-section={sectionId}>
        <SectionHost key={section.id} section={section} props={sectionProps} onSettled={onSettled} />
      </Layout.Content>
    </Layout>
  );
}

export default function SignedInApp({ username, storedRole }: SignedInProps) {
  useEffect(() => installDialogFocusWrap(document), []);
  return (
    <ConfigProvider theme={ADMIN_THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <Shell username={username} storedRole={storedRole} />
          {/* The one step-up dialog: a refund or a large add-coins in any remote asks for the password here. */}
          <StepUpHost />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
