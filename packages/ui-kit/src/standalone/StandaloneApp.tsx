// The standalone dev harness every remote mounts in `pnpm --filter <remote> dev`: the sections its
// remote.json declares, inside the same providers the shell gives them (one QueryClient with retry 1
// and no refetch on focus, antd's App for toasts), behind a minimal sign-in, against the real admin
// API named in runtime-config.json. It is for the team's own development; the shell never loads it.
import { Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  ConfigProvider,
  Form,
  Input,
  Layout,
  Segmented,
  Space,
  Spin,
  Typography,
  theme,
} from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  clearSession,
  configureClient,
  getSession,
  login,
  logout,
  setSession,
  subscribeSession,
  type ToastApi,
} from '@growth-admin/shared-client';
import { useAppearance } from '../appearance';
import { AppearanceSwitches } from '../AppearanceSwitches';
import { installDialogFocusWrap } from '../dialogFocus';
import { StepUpHost } from '../stepUp/StepUpHost';
import { DocumentTheme, useAdminTheme } from '../theme';
import { exposedModules } from './exposedModules';
import { standaloneSections, type RemoteDeclaration, type StandaloneSection } from './sections';

export type { RemoteDeclaration, StandaloneSection };

interface RuntimeConfig {
  apiBaseUrl: string;
  signingKey: string;
  directImageHosts?: string[];
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

function useSession() {
  return useSyncExternalStore(
    (onChange) => subscribeSession(onChange),
    () => getSession()?.token ?? null,
  );
}

function SignIn() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onFinish = async (values: { username: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const session = await login(values);
      setSession({ token: session.token, username: session.user.username });
    } catch {
      setError('Invalid username or password');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Standalone sign-in" style={{ maxWidth: 360, margin: '15vh auto' }}>
      <Form layout="vertical" onFinish={onFinish} disabled={busy}>
        <Form.Item label="Username" name="username" rules={[{ required: true }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error && <Alert type="error" title={error} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={busy} block>
          Sign in
        </Button>
      </Form>
    </Card>
  );
}

function Workspace({ title, sections }: { title: string; sections: StandaloneSection[] }) {
  const { notification } = AntApp.useApp();
  const [active, setActive] = useState(sections[0].key);
  const username = getSession()?.username ?? '';
  const toast: ToastApi = {
    success: (m, s = 3) => notification.success({ title: m, duration: s, placement: 'topRight' }),
    error: (m, s = 5) => notification.error({ title: m, duration: s, placement: 'topRight' }),
    info: (m, s = 3) => notification.info({ title: m, duration: s, placement: 'topRight' }),
  };
  const Section = sections.find((s) => s.key === active)?.Component ?? sections[0].Component;
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, background: token.colorBgContainer }}>
        <Typography.Text strong>{title}</Typography.Text>
        {sections.length > 1 && (
          <Segmented
            value={active}
            onChange={(v) => setActive(String(v))}
            options={sections.map((s) => ({ value: s.key, label: s.label }))}
          />
        )}
        <Space style={{ marginLeft: 'auto' }} size="large">
          <AppearanceSwitches inline />
          <Typography.Text type="secondary">{username}</Typography.Text>
          <Button
            onClick={() =>
              void logout()
                .catch(() => undefined)
                .finally(clearSession)
            }
          >
            Sign Out
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '120px auto' }} />}>
          <Section user={{ username }} toast={toast} />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}

/**
 * `remote`: the remote's own remote.json (imported as JSON); `title` defaults to the page's (the
 * build's `title`).
 */
export function StandaloneApp({ remote, title = document.title }: { remote: RemoteDeclaration; title?: string }) {
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  const [configError, setConfigError] = useState<string | null>(null);
  const declared = useMemo(() => {
    try {
      return { sections: standaloneSections(remote, exposedModules), error: null };
    } catch (error) {
      return { sections: [], error: (error as Error).message };
    }
  }, [remote]);
  const token = useSession();
  const adminTheme = useAdminTheme();
  const { dark } = useAppearance();

  useEffect(() => installDialogFocusWrap(document), []);

  useEffect(() => {
    fetch('runtime-config.json', { cache: 'no-store' })
      .then((r) =>
        r.ok ? (r.json() as Promise<RuntimeConfig>) : Promise.reject(new Error(`HTTP ${r.status}`)),
      )
      .then((c) => {
        configureClient({ ...c, onUnauthorized: () => window.location.reload() });
        setConfig(c);
      })
      .catch((e: Error) => setConfigError(`runtime-config.json could not be loaded: ${e.message}`));
  }, []);

  return (
    <ConfigProvider theme={adminTheme}>
      <DocumentTheme dark={dark} />
      <AntApp>
        <QueryClientProvider client={queryClient}>
          {declared.error || configError ? (
            <Alert type="error" title={declared.error ?? configError} style={{ margin: 24 }} />
          ) : !config ? (
            <Spin fullscreen />
          ) : token ? (
            <>
              <Workspace title={title} sections={declared.sections} />
              <StepUpHost />
            </>
          ) : (
            <SignIn />
          )}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
