// Boot: fetch the runtime config, configure the signed client (its 401 handler reloads the page
// after the token is cleared), register the remotes, then render the authentication state.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { configureClient, getSession } from '@growth-admin/shared-client/core';
import { allowScriptOrigins } from '@growth-admin/shared-client/page-security';
import { App } from './App';
import { BootError } from './boot/BootError';
import { FullScreenSpinner } from './boot/FullScreenSpinner';
import { LayoutSkeleton } from './boot/LayoutSkeleton';
import { fetchRuntimeConfig, releaseSubject, runtimeConfigUrl, withSubject, type RuntimeConfig } from './boot/runtimeConfig';
import { onAllowedOrigin, registerRemotesFromConfig } from './sections/remoteModules';
import { resumePendingLogouts } from './layout/pendingLogout';
import { noteSignedOut } from './login/signOutNotice';

declare const __webpack_public_path__: string;

type BootState = { status: 'loading' } | { status: 'failed'; reason: string } | { status: 'ready'; config: RuntimeConfig };

function Boot() {
  const [state, setState] = useState<BootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const configUrl = (username = getSession()?.username) =>
      withSubject(runtimeConfigUrl(document, __webpack_public_path__ || '/'), releaseSubject(window.localStorage, username));
    fetchRuntimeConfig(configUrl())
      .then((config) => {
        configureClient({
          apiBaseUrl: config.apiBaseUrl,
          signingKey: config.signingKey,
          directImageHosts: config.directImageHosts,
          onUnauthorized: (error) => {
            noteSignedOut(error); // the login screen says why after the reload
            window.location.reload();
          },
        });
        // A section opened later asks the registry again (a rollback reaches open tabs).
        registerRemotesFromConfig(config, (username) => fetchRuntimeConfig(configUrl(username)));
        // The Trusted Types policy lets script load from these origins only (the CSP says the same).
        allowScriptOrigins(Object.values(config.remotes).filter(onAllowedOrigin));
        resumePendingLogouts(); // sign-outs an earlier page could not confirm with the server
        if (!cancelled) setState({ status: 'ready', config });
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
  return <App />;
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Boot />
    </StrictMode>,
  );
}
