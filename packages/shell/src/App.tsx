// Authentication state (spec 4): loading → unauthenticated (Admin Login) or authenticated (layout).
// A stored token counts as signed in; sign-out and any 401 clear it (the token store notifies).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { AdminSession } from '@growth-admin/shared-client';
import { getSession, subscribeSession } from '@growth-admin/shared-client';
import { loadAntdStyles } from './boot/antdStyles';
import { BootError } from './boot/BootError';
import { LayoutSkeleton } from './boot/LayoutSkeleton';
import { fetchRuntimeConfig, parseRuntimeConfig } from './boot/runtimeConfig';
import { LoginScreen } from './login/LoginScreen';
import { withPreviewLinks } from './preview/link';
import { prefetchDashboard } from './sections/dashboardPrefetch';
import { BASE_PATH, routeFor } from './sections/routes';
import { shellRuntime, startComposition } from './sections/shellRuntime';

// antd (with its precomputed styles), React Query and the layout are the signed-in UI: the login
// screen itself ships none of them. The boot asks for them beside the runtime config (bootstrap.tsx),
// so they arrive while the credentials are typed or filled in by a password manager.
type SignedInUi = typeof import('./layout/SignedInApp');
let signedInUi: Promise<SignedInUi> | null = null;
let loadedSignedInUi: SignedInUi | null = null;
export function loadSignedInUi() {
  signedInUi ??= Promise.all([import(/* webpackChunkName: "signed-in" */ './layout/SignedInApp'), loadAntdStyles()]).then(
    ([ui]) => {
      ui.warmTheme();
      return (loadedSignedInUi = ui);
    },
    (err) => {
      signedInUi = null; // let a later attempt retry
      throw err;
    },
  );
  return signedInUi;
}

/**
 * The layout for a signed-in administrator: at once when its code is in (the login screen
 * fetched it), else the layout's shape until it arrives, or why it could not with a Retry.
 * Not React.lazy with Suspense: lazy suspends on its first render even when the code is already
 * loaded, and React then holds the revealed layout back until 300 ms after the skeleton showed.
 */
function SignedIn({ session, configUrl }: { session: NonNullable<ReturnType<typeof getSession>>; configUrl: string }) {
  const [ui, setUi] = useState(loadedSignedInUi);
  const [failure, setFailure] = useState<{ attempt: number; reason: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (ui) return;
    let live = true;
    loadSignedInUi().then(
      (loaded) => live && setUi(loaded),
      (err: unknown) => live && setFailure({ attempt, reason: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [ui, attempt]);

  if (ui) return <ui.default username={session.username} storedRole={session.role} configUrl={configUrl} />;
  if (failure?.attempt === attempt) {
    return <BootError what="The layout" reason={failure.reason} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return <LayoutSkeleton />;
}

/**
 * Starts the signed-in UI and the current section's remote together: otherwise the remote is only
 * asked for once the layout chunk has arrived and rendered, one round trip after the other. A
 * section that asks for it (`prefetch`, the dashboard with its default period and range: no query)
 * has its data requests started too (sections/dashboardPrefetch).
 * A failure is left to the section's own load (it retries and shows it).
 */
export function loadSignedInPath() {
  const loader = shellRuntime();
  const route = loader && routeFor(loader.config.composition, window.location.pathname, BASE_PATH);
  if (loader && route?.kind === 'section') {
    void loader.load(route.section.remote, route.section.module).catch(() => undefined);
    // Only the plain dashboard: a link with its own period or range asks for other data.
    if (route.section.prefetch === 'dashboard' && !window.location.search) prefetchDashboard();
  }
  return loadSignedInUi();
}

/**
 * The sign-in answer carries the administrator's runtime config: the page's composition starts from
 * it before the session is stored (no second round trip). On a page where another administrator was
 * signed in, the federation runtime was initialised with their remotes: the page is loaded afresh.
 * Without it (an older API), the config is fetched with the new session. Preview links opened before
 * signing in are entered first (preview/link.ts).
 */
async function startSignedInComposition(session: AdminSession, configUrl: string): Promise<'started' | 'reload'> {
  const config = session.runtime ? parseRuntimeConfig(session.runtime) : await fetchRuntimeConfig(configUrl, session.token);
  return startComposition(await withPreviewLinks(config, session.token, configUrl)) ? 'started' : 'reload';
}

function useStoredSession() {
  const token = useSyncExternalStore(subscribeSession, () => getSession()?.token ?? null);
  return token ? getSession() : null;
}

export function App({ configUrl }: { configUrl: string }) {
  const session = useStoredSession();
  const [composed, setComposed] = useState(() => shellRuntime() !== null);
  const [composeFailure, setComposeFailure] = useState<string | null>(null);
  const onSession = useCallback(
    (signedIn: AdminSession) =>
      startSignedInComposition(signedIn, configUrl).then(
        (outcome) => (outcome === 'reload' ? window.location.reload() : setComposed(true)),
        (err: unknown) => setComposeFailure(err instanceof Error ? err.message : String(err)),
      ),
    [configUrl],
  );
  const onSignedIn = useCallback(() => {
    if (shellRuntime()) void loadSignedInPath().then((ui) => ui.toastSignedIn());
  }, []);
  const signedIn = session !== null;
  useEffect(() => {
    if (signedIn && composed) void loadSignedInPath().catch(() => undefined); // a stored session: both at once
  }, [signedIn, composed]);

  if (!session) return <LoginScreen onSession={onSession} onSignedIn={onSignedIn} />;
  // Signed in, but the administrator's runtime config could not be read: a new page load asks again.
  if (!composed && composeFailure) return <BootError what="The configuration" reason={composeFailure} onRetry={() => window.location.reload()} />;
  if (!composed) return <LayoutSkeleton />;
  return <SignedIn session={session} configUrl={configUrl} />;
}
