// Runs `run` when the browser is idle (within `timeoutMs`), so warm-ups never compete with a first
// paint; answers a function that cancels it.
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, Math.min(timeoutMs, 300));
  return () => window.clearTimeout(id);
}
