// Why the sign-in screen is showing, across the reload that follows a 401 (spec 7: the token is
// cleared and the page reloaded): the signed client hands the shell the error, the shell notes its
// reason in sessionStorage (this tab only), and the login screen shows it beside the spec's texts
// until the administrator signs in again.
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

const KEY = 'growth-admin.signed-out-reason';
const MESSAGES: Record<string, string> = { SESSION_EXPIRED: SESSION_EXPIRED_MESSAGE, TOKEN_INVALID: SESSION_ENDED_MESSAGE };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Notes why a 401 signed this tab out: an expired session, or one ended elsewhere (another code: nothing). */
export function noteSignedOut(error: { code?: string }): void {
  if (error.code && MESSAGES[error.code]) storage()?.setItem(KEY, error.code);
}

/** The message to show on the sign-in screen, if a 401 brought it there. */
export function signedOutNotice(): string | null {
  return MESSAGES[storage()?.getItem(KEY) ?? ''] ?? null;
}

export function clearSignedOutNotice(): void {
  storage()?.removeItem(KEY);
}
