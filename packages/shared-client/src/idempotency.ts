// Idempotency-Key for money calls: one key per user action. Retrying the same action (the same
// request, after a timeout or a network failure) sends the same key, so the API applies it once
// however many times it arrives; a changed request is a new action with a new key.
import { nanoid } from 'nanoid';

/** A fresh key (24 characters of [A-Za-z0-9_-]). */
export const newIdempotencyKey = (): string => nanoid(24);

export interface ActionKeys {
  /** The key of this request: the last one's when it is the same request again, else a new one. */
  keyFor(request: unknown): string;
  /** The action succeeded: whatever comes next is a new action. */
  done(): void;
}

export function createActionKeys(): ActionKeys {
  let last: { request: string; key: string } | null = null;
  return {
    keyFor(request) {
      const text = JSON.stringify(request);
      if (last?.request !== text) last = { request: text, key: newIdempotencyKey() };
      return last.key;
    },
    done() {
      last = null;
    },
  };
}
