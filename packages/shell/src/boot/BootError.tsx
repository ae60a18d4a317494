// When the runtime config (or the signed-in layout's code) cannot be loaded: say why, offer a retry.
export function BootError({ what = 'The configuration', reason, onRetry }: { what?: string; reason: string; onRetry: () => void }) {
  return (
    <div className="ga-fullscreen">
      <div className="ga-card" role="alert">
        <h1 className="ga-title">Admin Panel is unavailable</h1>
        <p className="ga-subtitle">
          {what} could not be loaded: {reason}
        </p>
        <button type="button" className="ga-button" onClick={onRetry}>
          Retry
        </button>
      </div>
    </div>
  );
}
