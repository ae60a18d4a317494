// When the runtime config cannot be loaded the shell cannot reach the API: say why, offer a retry.
export function BootError({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  return (
    <div className="ga-fullscreen">
      <div className="ga-card" role="alert">
        <h1 className="ga-title">Admin Panel is unavailable</h1>
        <p className="ga-subtitle">The configuration could not be loaded: {reason}</p>
        <button type="button" className="ga-button" onClick={onRetry}>
          Retry
        </button>
      </div>
    </div>
  );
}
