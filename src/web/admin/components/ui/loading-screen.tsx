export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="adm-loading-screen" role="status" aria-live="polite">
      <span className="adm-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function InlineLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className="adm-inline-loading" role="status">
      <span className="adm-spinner adm-spinner--small" aria-hidden="true" />
      {label}
    </p>
  );
}
