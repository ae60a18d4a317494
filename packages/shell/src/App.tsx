// Authentication state (spec 4): loading → unauthenticated (Admin Login) or authenticated (layout).
// A stored token counts as signed in; sign-out and any 401 clear it (the token store notifies).
import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '@growth-admin/shared-client/core';
import { FullScreenSpinner } from './boot/FullScreenSpinner';
import { LoginScreen } from './login/LoginScreen';

// antd, React Query and the layout arrive only for a signed-in administrator (or while one types
// their credentials): the login screen itself ships none of them.
let signedInUi: Promise<typeof import('./layout/SignedInApp')> | null = null;
export function loadSignedInUi() {
  signedInUi ??= import(/* webpackChunkName: "signed-in" */ './layout/SignedInApp').catch((err) => {
    signedInUi = null; // let a later attempt retry
    throw err;
  });
  return signedInUi;
}
const SignedInApp = lazy(loadSignedInUi);

function useStoredSession() {
  const token = useSyncExternalStore(subscribeSession, () => getSession()?.token ?? null);
  return token ? getSession() : null;
}

export function App() {
  const session = useStoredSession();
  const onSignedIn = useCallback(() => {
    void loadSignedInUi().then((ui) => ui.toastSignedIn());
  }, []);
  const prefetch = useCallback(() => void loadSignedInUi().catch(() => undefined), []);

  if (!session) return <LoginScreen onSignedIn={onSignedIn} onFirstInteraction={prefetch} />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SignedInApp username={session.username} storedRole={session.role} />
    </Suspense>
  );
}
