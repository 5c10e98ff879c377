import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/admin-api';
import { useLoad } from '../../../hooks/use-load';
import { formatWhen, listSessions, revokeOtherSessions, revokeSession } from '../api/security';
import { InlineLoading } from '../../../components/ui/loading-screen';

/** Where the admin is signed in, and signing any of it out. */
export function SessionsSection() {
  const id = useId();
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const state = useLoad(listSessions, String(version));
  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      setVersion((value) => value + 1);
    } catch (failure) {
      setError(errorMessage(failure, 'Request failed'));
    }
  };

  return (
    <section className="adm-section adm-section--plain" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-section__heading">
        Sessions
      </h2>
      <div className="adm-section__body">
        {error ? (
          <p className="adm-alert adm-alert--error" role="alert">
            {error}
          </p>
        ) : null}
        {state.status === 'loading' ? <InlineLoading label="Loading sessions..." /> : null}
        {state.status === 'error' ? <p className="adm-alert adm-alert--error">{errorMessage(state.error, 'Failed to load sessions')}</p> : null}
        {state.status === 'ready' ? (
          <>
            <div className="adm-table-wrap">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">Browser</th>
                    <th scope="col">IP address</th>
                    <th scope="col">Signed in</th>
                    <th scope="col">Last seen</th>
                    <th scope="col">
                      <span className="adm-visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {state.data.map((session) => (
                    <tr key={session.id}>
                      <td title={session.userAgent}>
                        {session.browser}
                        {session.current ? ' (this session)' : ''}
                      </td>
                      <td>{session.ip || '—'}</td>
                      <td>{formatWhen(session.createdAt)}</td>
                      <td>{formatWhen(session.lastSeenAt)}</td>
                      <td>
                        {session.current ? null : (
                          <button type="button" className="adm-button adm-button--small" onClick={() => void act(() => revokeSession(session.id))}>
                            Sign Out<span className="adm-visually-hidden"> {session.browser} from {session.ip}</span>
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button type="button" className="adm-button" disabled={state.data.length < 2} onClick={() => void act(revokeOtherSessions)}>
              Sign Out Everywhere Else
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
