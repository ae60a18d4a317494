// The signed-in application: antd and React Query providers, the sidebar layout, the current
// section, sign-out, and warming the next sections' code (the first few when idle, any other on intent).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App as AntApp, Button, ConfigProvider, Layout, Typography } from 'antd';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import { QueryClientProvider, useIsFetching, useQuery } from '@tanstack/react-query';
import { clearSession, getMe, getToken, logout, queryKeys, type Composition, type Role, type SectionProps } from '@growth-admin/shared-client';
import { retryLogoutLater } from './pendingLogout';
import { BASE_PATH } from '../sections/routes';
import type { RemoteLoader } from '../sections/remoteLoader';
import { shellRuntime } from '../sections/shellRuntime';
import { SidebarMenu } from './SidebarMenu';
import { SectionGone } from './SectionGone';
import { MotionPreference } from './motionPreference';
import { createSlotHost } from './SlotHost';
import { queryClient } from './queryClient';
import { ERROR_SECONDS, SUCCESS_SECONDS, sectionToast } from './toasts';
import { SectionHost } from './SectionHost';
import { useSectionRoute } from './useSectionRoute';
import type { CommandPalette as Palette } from '../keyboard/CommandPalette';
import { useShortcuts } from '../keyboard/useShortcuts';
import { whenIdle } from '../sections/whenIdle';
import { releaseWarmTheme } from './themeWarmup';
import { startVitalsWhenIdle } from '../vitals/start';
import {
  AppearanceSwitches,
  DocumentTheme,
  navigateTo,
  installDialogFocusWrap,
  StepUpHost,
  useAdminTheme,
  useAppearance,
} from '@growth-admin/ui-kit/core';

export { toastSignedIn } from './toasts';
export { warmTheme } from './themeWarmup';

/**
 * The other sections warmed when the browser is idle after the first screen: the next ones of the
 * sidebar, as many as this repository's own (every section of a usual sidebar, so a first visit is
 * quick); any other is warmed when the pointer or the focus reaches its link. Warming all of fifty
 * would spend a phone's bandwidth on every team's code at once.
 */
export const WARMED_WHEN_IDLE = 5;

/**
 * The command palette's code (its dialog and the places it lists): nothing of the first screen
 * draws it, so it is a chunk of its own, warmed with the other sections once the first screen has
 * settled, and asked for at once by a Ctrl+K before that.
 */
const loadPalette = () => import(/* webpackChunkName: "command-palette" */ '../keyboard/CommandPalette').then((m) => m.CommandPalette);

/** The palette once its chunk is in (mounted closed, as it always was), and what asks for it. */
function usePalette(): [typeof Palette | null, () => void] {
  const [palette, setPalette] = useState<{ Component: typeof Palette } | null>(null);
  const load = useCallback(() => {
    // A failed load leaves it out: the next Ctrl+K asks again.
    loadPalette().then((Component) => setPalette((loaded) => loaded ?? { Component }), () => undefined);
  }, []);
  return [palette?.Component ?? null, load];
}


/** A promise settled when `settle()` is called: the first screen drawn. */
function firstScreenSignal(): { drawn: Promise<void>; settle(): void } {
  let settle = () => undefined as void;
  const drawn = new Promise<void>((resolve) => (settle = resolve));
  return { drawn, settle: () => settle() };
}

/** The preview banner's code (src/preview/): only a session in a preview, or with a refused link, loads it. */
const PreviewBanner = lazy(() => import(/* webpackChunkName: "preview" */ '../preview/PreviewBanner'));
/**
 * A developer's override: its banners and the confirmation of an override link. A chunk of its own,
 * the loader's check of an override's build in it too: nothing of it is on a plain page's first load.
 */
const OverrideHost = lazy(() => import(/* webpackChunkName: "override" */ '../override/OverrideHost'));
/** The query of an override link (`?override=`, override/link.ts) the page was opened with, read before a section rewrites its URL. */
const overrideLinkQuery = () => (/[?&]override=/.test(window.location.search) ? window.location.search : null);

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
    // The session's overrides end with it: the next page admits none of their origins.
    if (shellRuntime()?.config.overrides) void import(/* webpackChunkName: "override" */ '../override/ticket').then((m) => m.clearOverrideTicket());
    clearSession();
  }
}

interface SignedInProps {
  username: string;
  /** The role stored at sign-in; /me says the current one (a role changed since shows at once). */
  storedRole?: Role;
  /** Where the runtime config is read (leaving a preview asks for it again). */
  configUrl: string;
}

function Shell({ username, storedRole, configUrl, loader }: SignedInProps & { loader: RemoteLoader }) {
  const { modal } = AntApp.useApp();
  // The page's config: the one it started with, or the one leaving a preview put it on (in place).
  const [config, setConfig] = useState(loader.config);
  const composition: Composition = config.composition;
  const sections = composition.sections;
  const [route, navigate] = useSectionRoute(composition, BASE_PATH);
  const current = route?.kind === 'section' ? route.section.path : (route?.path ?? '');
  // The role now (a role changed since sign-in shows here), fresh for a minute.
  const me = useQuery({ queryKey: queryKeys.me(), queryFn: getMe, staleTime: 60_000 });
  const [CommandPalette, loadCommandPalette] = usePalette();
  const [linkQuery] = useState(overrideLinkQuery);
  const role = me.data?.role ?? storedRole;
  // Settled once the first screen is drawn (below): the slots' contributions wait for it, so the
  // host's own content (the dashboard's charts) never shares the network with a team's card.
  const [firstScreen] = useState(firstScreenSignal);
  const sectionProps: SectionProps = useMemo(() => {
    const context = { user: { username, role }, toast: sectionToast };
    return { ...context, slots: createSlotHost(composition, context, firstScreen.drawn) };
  }, [composition, username, role, firstScreen]);

  // Once the first section has settled and its data is in (nothing fetching: the first screen is
  // drawn), warm the other remotes while the browser is idle. Earlier, they would compete with the
  // first screen's data and charts for the network and the main thread.
  const [firstSettled, setFirstSettled] = useState(false);
  const onSettled = useCallback(() => setFirstSettled(true), []);
  const firstSection = useRef(current);
  const fetching = useIsFetching();
  const cancelPreload = useRef<(() => void) | null>(null);
  useEffect(() => {
    // The live count, not the rendered one: the section's queries start in its own effects, which
    // run just before this one in the commit that shows it.
    if (!firstSettled || queryClient.isFetching() > 0 || cancelPreload.current) return;
    firstScreen.settle();
    const others = sections.filter((s) => s.path !== firstSection.current).slice(0, WARMED_WHEN_IDLE);
    const cancelOthers = loader.preloadWhenIdle(others);
    const cancelPalette = whenIdle(loadCommandPalette, 3000);
    cancelPreload.current = () => {
      cancelOthers();
      cancelPalette();
    };
    // The real-user measurements' observers too (docs/releases.md): never before the first screen, and
    // never on a page running a development override (the API would store none of it).
    if (!loader.config.overrides) startVitalsWhenIdle({ ...loader.config, filesOf: (remote) => loader.filesOf(remote) });
  }, [firstSettled, fetching, sections, loader, loadCommandPalette, firstScreen]);
  useEffect(() => () => cancelPreload.current?.(), []);

  // Keyboard: `/` to the section's search box, Ctrl/Cmd+K to the palette.
  const [paletteOpen, setPaletteOpen] = useState(false);
  const content = useRef<HTMLElement>(null);
  const searchRoot = useCallback(() => content.current, []);
  const openPalette = useCallback(() => {
    setPaletteOpen(true);
    loadCommandPalette();
  }, [loadCommandPalette]);
  useShortcuts({ searchRoot, openPalette });

  const confirmSignOut = () => {
    modal.confirm({
      title: 'Are you sure you want to sign out?',
      okText: 'Sign Out',
      cancelText: 'Cancel',
      onOk: signOut,
    });
  };

  return (
    <Layout className="ga-layout">
      <Layout.Sider width={232} theme="light" className="ga-sider">
        <div className="ga-sider-inner">
          <Typography.Title level={4} className="ga-sider-title">
            Admin Panel
          </Typography.Title>
          <SidebarMenu sections={sections} current={current} onOpen={navigate} onIntent={loader.warm} />
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
      <Layout.Content className="ga-content" data-section={current} ref={content}>
        {config.previews || config.previewLinkErrors ? (
          <Suspense fallback={null}>
            <PreviewBanner loader={loader} config={config} configUrl={configUrl} toast={sectionToast} onSwitched={setConfig} />
          </Suspense>
        ) : null}
        {(loader.config.overrides || linkQuery) && (
          <Suspense fallback={null}>
            <OverrideHost config={loader.config} linkQuery={linkQuery} />
          </Suspense>
        )}
        {route?.kind === 'section' ? (
          // Keyed by the release too: a section whose remote changed release (a preview left) loads afresh.
          <SectionHost key={`${route.section.path}@${config.releases[route.section.remote]?.id}`} section={route.section} props={sectionProps} onSettled={onSettled} />
        ) : (
          <SectionGone label={route?.label} onSettled={onSettled} />
        )}
      </Layout.Content>
      {CommandPalette && <CommandPalette open={paletteOpen} sections={sections} basePath={BASE_PATH} onGo={navigateTo} onClose={() => setPaletteOpen(false)} />}
    </Layout>
  );
}

export default function SignedInApp({ username, storedRole, configUrl }: SignedInProps) {
  const loader = shellRuntime();
  useEffect(() => installDialogFocusWrap(document), []);
  useEffect(releaseWarmTheme, []);
  const theme = useAdminTheme();
  const { dark } = useAppearance();
  return (
    <ConfigProvider theme={theme}>
      <DocumentTheme dark={dark} />
      <MotionPreference>
        <AntApp>
          <QueryClientProvider client={queryClient}>
            {loader ? <Shell username={username} storedRole={storedRole} configUrl={configUrl} loader={loader} /> : <SectionGone />}
            {/* The one step-up dialog: a refund or a large add-coins in any remote asks for the password here. */}
            <StepUpHost />
          </QueryClientProvider>
        </AntApp>
      </MotionPreference>
    </ConfigProvider>
  );
}
