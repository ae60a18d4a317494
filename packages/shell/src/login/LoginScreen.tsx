// Admin Login (spec 2, 4, 5, 8). Plain React and the page's own CSS: the sign-in path carries no
// antd and no remote, so it stays small and works when every remote is down.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { AdminSession } from '@growth-admin/shared-client';
import { login, setSession, throttleRefusalOf } from '@growth-admin/shared-client';
import { useThrottleCountdown } from '@growth-admin/ui-kit/throttle-countdown';
import { clearSignedOutNotice, signedOutNotice } from './signOutNotice';
import { LOGIN_FAILED_MESSAGE, validateLogin } from './validateLogin';

export interface LoginScreenProps {
  /** The sign-in answer, before the session is stored: the shell starts its composition from it. */
  onSession?: (session: AdminSession) => Promise<void> | void;
  /** Called once the session is stored. */
  onSignedIn: (username: string) => void;
}

export function LoginScreen({ onSession, onSignedIn }: LoginScreenProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Too many wrong passwords (429): which limit and a live countdown; Sign in waits for its end.
  const throttle = useThrottleCountdown();
  const [throttleCode, setThrottleCode] = useState<string | null>(null);
  // Why this screen shows (an expired or ended session): kept until the next sign-in.
  const [notice] = useState(signedOutNotice);
  const passwordRef = useRef<HTMLInputElement>(null);
  const onFieldChange = (event: ChangeEvent<HTMLInputElement>) => {
    (event.target.name === 'username' ? setUsername : setPassword)(event.target.value);
    setError(null); // the error clears as soon as either field is edited
    // A limit on this account from this network does not hold another account.
    if (event.target.name === 'username' && throttleCode === 'THROTTLED_ACCOUNT_ADDRESS') throttle.start(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || throttle.active) return;
    const invalid = validateLogin(username, password);
    if (invalid) {
      setError(invalid);
      return;
    }
    setSubmitting(true);
    setError(null);
    let session: AdminSession;
    try {
      session = await login({ username: username.trim(), password });
    } catch (err) {
      setSubmitting(false);
      setPassword('');
      const refusal = throttleRefusalOf(err);
      setThrottleCode(refusal?.code ?? null);
      throttle.start(refusal);
      setError(refusal ? null : LOGIN_FAILED_MESSAGE);
      // Inputs are re-enabled on the next render; focus the emptied password field then.
      setTimeout(() => passwordRef.current?.focus(), 0);
      return;
    }
    try {
      await onSession?.(session);
    } finally {
      clearSignedOutNotice();
      setSession({ token: session.token, username: session.user.username, role: session.user.role });
      onSignedIn(session.user.username);
    }
  };

  return (
    <main className="ga-fullscreen ga-login-page">
      <form className="ga-card ga-login" noValidate onSubmit={submit} aria-labelledby="ga-login-title">
        <h1 id="ga-login-title" className="ga-title">
          Admin Login
        </h1>
        <p className="ga-subtitle">Sign in to access the admin dashboard</p>
        {notice && (
          <div className="ga-notice" role="status">
            {notice}
          </div>
        )}
        <label className="ga-label" htmlFor="ga-username">
          Username
        </label>
        <input
          id="ga-username"
          name="username"
          className="ga-input"
          autoComplete="username"
          autoFocus
          placeholder="Username"
          value={username}
          disabled={submitting}
          onChange={onFieldChange}
        />
        <label className="ga-label" htmlFor="ga-password">
          Password
        </label>
        <input
          id="ga-password"
          name="password"
          type="password"
          className="ga-input"
          autoComplete="current-password"
          placeholder="Password"
          ref={passwordRef}
          value={password}
          disabled={submitting}
          onChange={onFieldChange}
        />
        {(throttle.message ?? error) && (
          <div className="ga-alert" role="alert">
            {throttle.message ?? error}
          </div>
        )}
        <button type="submit" className="ga-button ga-button-block" disabled={submitting || throttle.active} aria-busy={submitting}>
          {submitting && <span className="ga-spinner" aria-hidden="true" />}
          Sign in
        </button>
      </form>
    </main>
  );
}
