// Step-up re-authentication, the client's half: when the API answers 403 STEP_UP_REQUIRED (a refund,
// a large add-coins), the signed client asks the one StepUpHost mounted by the shell (or a standalone
// harness) for the password, and on success sends the same request again, Idempotency-Key included.
// Several calls refused at once share one prompt. Without a host the refusal is simply the error.

/** Answers whether the password was confirmed (false: cancelled). */
export type StepUpPrompt = () => Promise<boolean>;

let prompt: StepUpPrompt | null = null;
let pending: Promise<boolean> | null = null;

export const STEP_UP_REQUIRED_CODE = 'STEP_UP_REQUIRED';
/** The error of a step-up the administrator cancelled: nothing was changed. */
export const STEP_UP_CANCELLED_MESSAGE = 'Password confirmation was cancelled: nothing was changed';

/** The StepUpHost registers its prompt while mounted; answers the unregister. */
export function setStepUpPrompt(next: StepUpPrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** Asks for the password once for every caller waiting now; false when no host is mounted. */
export function confirmStepUp(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  pending ??= prompt().finally(() => {
    pending = null;
  });
  return pending;
}
