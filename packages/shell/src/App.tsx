// Authentication state (spec 4): loading → unauthenticated (Admin Login) or authenticated (layout).
// A stored token counts as signed in; sign-out and any 401 clear it (the token store notifies).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '@growth-admin/shared-client/core';
import { loadAntdStyles } from './boot/antdStyles';
import { BootError } from './boot/BootError';
import { LayoutSkeleton } from './boot/LayoutSkeleton';
import { LoginScreen } from './login/LoginScreen';
import { prefetchDashboard } from './sections/dashboardPrefetch';
import { askRegistryForSignIn, openSectionComponent } from './sections/remoteModules';
import { BASE_PATH, DEFAULT_SECTION, sectionById, sectionFromPath } from './sections/sections';

// antd (with its precomputed styles), React Query and the layout arrive only for a signed-in
// administrator (or while one types their credentials): the login screen itself ships none of them.
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
 * The layout for a signed-in administrator: at once when its code is in (typing the credentials
 * fetched it), else the layout's shape until it arrives, or why it could not with a Retry.
 * Not React.lazy with Suspense: lazy suspends on its first render even when the code is already
 * loaded, and React then holds the revealed layout back until 300 ms after the skeleton showed.
 */
function SignedIn({ session }: { session: NonNullable<ReturnType<typeof getSession>> }) {
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

  if (ui) return <ui.default username={session.username} storedRole={session.role} />;
  if (failure?.attempt === attempt) {
    return <BootError what="The layout" reason={failure.reason} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return <LayoutSkeleton />;
}

const sectionOfPath = () => sectionById(sectionFromPath(window.location.pathname, BASE_PATH) ?? DEFAULT_SECTION);

/**
 * Starts the signed-in UI and the current section's remote together: otherwise the remote is only
 * asked for once the layout chunk has arrived and rendered, one round trip after the other. On the
 * dashboard with its default period and range (no query) its three data requests start too
 * (sections/dashboardPrefetch).
 * A failure is left to the section's own load (it retries and shows it).
 */
export function loadSignedInPath() {
  const section = sectionOfPath();
  void openSectionComponent(section.remote.name, section.remote.module).catch(() => undefined);
  // Only the plain dashboard: a link with its own period or range asks for other data.
  if (section.id === 'analytics' && !window.location.search) prefetchDashboard();
  return loadSignedInUi();
}

/** The sign-in click: the registry's answer for the typed name, and the first section's remote with it. */
const signingIn = (username: string) => askRegistryForSignIn(username, sectionOfPath().remote);

function useStoredSession() {
  const token = useSyncExternalStore(subscribeSession, () => getSession()?.token ?? null);
  return token ? getSession() : null;
}

export function App() {
  const session = useStoredSession();
  const onSignedIn = useCallback(() => {
    void loadSignedInPath().then((ui) => ui.toastSignedIn());
  }, []);
  // While the credentials are typed, only the layout: the registry picks a remote's release (a
  // canary) for the administrator, whose name is final only at the click (onSigningIn).
  const prefetch = useCallback(() => void loadSignedInUi().catch(() => undefined), []);
  const signedIn = session !== null;
  useEffect(() => {
    if (signedIn) void loadSignedInPath().catch(() => undefined); // a stored session: both at once
  }, [signedIn]);

  if (!session) return <LoginScreen onSignedIn={onSignedIn} onFirstInteraction={prefetch} onSigningIn={signingIn} />;
  return <SignedIn session={session} />;
}
