/**
 * What a screen shows from the moment it starts loading (issue 24: a slow link showed nothing for
 * ~5 s). `aria-busy` tells assistive technology the content is on its way.
 */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="adm-loading-screen" role="status" aria-live="polite" aria-busy="true">
      <span className="adm-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function InlineLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className="adm-inline-loading" role="status" aria-busy="true">
      <span className="adm-spinner adm-spinner--small" aria-hidden="true" />
      {label}
    </p>
  );
}
