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
import { QueryClientProvider, useIsFetching, useQuery } from '@tanstack/react-query';
import { AppearanceSwitches, DocumentTheme, clearSession, navigateTo, getToken, installDialogFocusWrap, isPlainClick, logout, queries, StepUpHost, type Role, type SectionProps, useAdminTheme, useAppearance } from '@growth-admin/shared-client';
import { retryLogoutLater } from './pendingLogout';
import { BASE_PATH, SECTIONS, pathForSection, sectionById, type SectionId } from '../sections/sections';
import { preloadWhenIdle } from '../sections/remoteModules';
import { queryClient } from './queryClient';
import { ERROR_SECONDS, SUCCESS_SECONDS, sectionToast } from './toasts';
import { SectionHost } from './SectionHost';
import { useSectionRoute } from './useSectionRoute';
import { CommandPalette } from '../keyboard/CommandPalette';
import { useShortcuts } from '../keyboard/useShortcuts';
import { releaseWarmTheme } from './themeWarmup';

export { toastSignedIn } from './toasts';
export { warmTheme } from './themeWarmup';


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

  // Once the first section has settled and its data is in (nothing fetching: the first screen is
  // drawn), warm the other remotes while the browser is idle. Earlier, they would compete with the
  // first screen's data and charts for the network and the main thread.
  const [firstSettled, setFirstSettled] = useState(false);
  const onSettled = useCallback(() => setFirstSettled(true), []);
  const firstSection = useRef(sectionId);
  const fetching = useIsFetching();
  const cancelPreload = useRef<(() => void) | null>(null);
  useEffect(() => {
    // The live count, not the rendered one: the section's queries start in its own effects, which
    // run just before this one in the commit that shows it.
    if (!firstSettled || queryClient.isFetching() > 0 || cancelPreload.current) return;
    const others = SECTIONS.filter((s) => s.id !== firstSection.current).map((s) => s.remote);
    cancelPreload.current = preloadWhenIdle(others);
  }, [firstSettled, fetching]);
  useEffect(() => () => cancelPreload.current?.(), []);

  // Keyboard: `/` to the section's search box, Ctrl/Cmd+K to the palette.
  const [paletteOpen, setPaletteOpen] = useState(false);
  const content = useRef<HTMLElement>(null);
  const searchRoot = useCallback(() => content.current, []);
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  useShortcuts({ searchRoot, openPalette });

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
            <div className="ga-appearance">
              <AppearanceSwitches />
            </div>
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
      <Layout.Content className="ga-content" data-section={sectionId} ref={content}>
        <SectionHost key={section.id} section={section} props={sectionProps} onSettled={onSettled} />
      </Layout.Content>
      <CommandPalette open={paletteOpen} basePath={BASE_PATH} onGo={navigateTo} onClose={() => setPaletteOpen(false)} />
    </Layout>
  );
}

export default function SignedInApp({ username, storedRole }: SignedInProps) {
  useEffect(() => installDialogFocusWrap(document), []);
  useEffect(releaseWarmTheme, []);
  const theme = useAdminTheme();
  const { dark } = useAppearance();
  return (
    <ConfigProvider theme={theme}>
      <DocumentTheme dark={dark} />
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
