// The loading state of the authentication (spec 2): a full-screen spinner, no antd needed.
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="ga-fullscreen" role="status" aria-live="polite">
      <span className="ga-spinner ga-spinner-lg" aria-hidden="true" />
      <span className="ga-visually-hidden">{label}</span>
    </div>
  );
}
