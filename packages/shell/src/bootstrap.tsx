// Boot: keep a preview link from the address bar, fetch the runtime config (with a stored session's
// token: that administrator's composition) and, beside it, the signed-in UI's code; configure the
// signed client (its 401 handler reloads the page after the token is cleared), enter kept preview
// links for a stored session, start the page's composition (without one: fetch the landing section's
// files into the cache), then render the authentication state.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { clearSession, configureClient, getSession } from '@growth-admin/shared-client';
import { App, loadSignedInUi } from './App';
import { BootError } from './boot/BootError';
import { FullScreenSpinner } from './boot/FullScreenSpinner';
import { LayoutSkeleton } from './boot/LayoutSkeleton';
import { fetchRuntimeConfig, runtimeConfigUrl, type RuntimeConfig } from './boot/runtimeConfig';
import { prefetchLanding } from './sections/landingPrefetch';
import { startComposition } from './sections/shellRuntime';
import { resumePendingLogouts } from './layout/pendingLogout';
import { noteSignedOut } from './login/signOutNotice';
import { keepPreviewLink, withPreviewLinks } from './preview/link';

declare const __webpack_public_path__: string;

type BootState = { status: 'loading' } | { status: 'failed'; reason: string } | { status: 'ready'; config: RuntimeConfig };

const configUrl = runtimeConfigUrl(document, __webpack_public_path__ || '/');
keepPreviewLink(); // before anything reads the URL: the token leaves the address bar at once

function Boot() {
  const [state, setState] = useState<BootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const stored = getSession();
    const config = fetchRuntimeConfig(configUrl, stored?.token);
    // The signed-in UI's code now, beside the config: the login screen's own code is in, and the
    // network would sit idle for the config's round trip. Which remotes (and which canary) an
    // administrator gets is known only with the sign-in answer; a failure is retried at sign-in.
    void loadSignedInUi().catch(() => undefined);
    config
      .then(async (config) => {
        configureClient({
          apiBaseUrl: config.apiBaseUrl,
          signingKey: config.signingKey,
          directImageHosts: config.directImageHosts,
          onUnauthorized: (error) => {
            noteSignedOut(error); // the login screen says why after the reload
            window.location.reload();
          },
        });
        if (stored) {
          // The registry answers a session it no longer knows (expired, ended) as no session: sign in again.
          if (config.composition.sections.length === 0) {
            noteSignedOut({ code: 'TOKEN_INVALID' });
            clearSession();
          } else startComposition(await withPreviewLinks(config, stored.token, configUrl));
        }
        resumePendingLogouts(); // sign-outs an earlier page could not confirm with the server
        if (!cancelled) setState({ status: 'ready', config });
        // The login screen shows: the landing section's files come into the cache, at low priority,
        // while the form is filled in (sections/landingPrefetch.ts). At once: a password manager's
        // fill and click leave no idle time, and the network would sit idle for the sign-in's round trip.
        if (!stored && config.landing) void prefetchLanding(config.landing).catch(() => undefined);
      })
      .catch((err: Error) => !cancelled && setState({ status: 'failed', reason: err.message }));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // A stored session will show the layout: show its shape while the runtime config comes in.
  if (state.status === 'loading') return getSession() ? <LayoutSkeleton /> : <FullScreenSpinner />;
  if (state.status === 'failed') {
    return (
      <BootError
        reason={state.reason}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <App configUrl={configUrl} />;
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Boot />
    </StrictMode>,
  );
}
