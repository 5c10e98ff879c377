import { useState } from 'react';
import type { Redirect } from '../../../../../shared/schemas';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, SearchField } from '../../../components/ui/pager';
import { usePagedList } from '../../../hooks/use-paged-list';
import { errorMessage } from '../../../lib/admin-api';
import { REDIRECTS_PAGE_SIZE, deleteRedirect, pageRedirects } from '../api/redirects';
import { RedirectForm } from './redirect-form';
import { InlineLoading } from '../../../components/ui/loading-screen';

/**
 * Old addresses and where they lead: the automatic ones that renames leave
 * (deletable; they follow their item) and the owner's manual ones (add,
 * edit, delete). A page at a time, searchable, at any number of redirects.
 */
export default function RedirectsScreen() {
  const list = usePagedList<Redirect>(pageRedirects);
  const { state } = list;
  const [editing, setEditing] = useState<Redirect | null>(null);
  const [pending, setPending] = useState<Redirect | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    setActionError(null);
    try {
      await deleteRedirect(pending.id);
      list.setRows((rows) => rows.filter((row) => row.id !== pending.id));
      if (editing?.id === pending.id) setEditing(null);
    } catch (error) {
      console.error(error);
      setActionError(errorMessage(error, 'Failed to delete redirect'));
    } finally {
      setDeleting(false);
      setPending(null);
    }
  };

  const saved = () => {
    setEditing(null);
    list.reload();
  };

  return (
    <div className="adm-page">
      <PageHeader title="Redirects" description="Old addresses answer with a redirect to their new place. Renamed products and categories add theirs automatically." />
      <RedirectForm key={editing?.id ?? 'new'} editing={editing} onSaved={saved} onCancel={() => setEditing(null)} />
      {actionError ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {actionError}
        </p>
      ) : null}
      <SearchField label="Search redirects" value={list.search} onChange={list.setSearch} />
      {state.status === 'loading' ? (
        <InlineLoading label="Loading redirects..." />
      ) : null}
      {state.status === 'error' ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {errorMessage(state.error, 'Failed to load redirects')}
        </p>
      ) : null}
      {state.status === 'ready' && state.rows.length === 0 ? (
        <p className="adm-empty-note">{list.q ? `No redirects match “${list.q}”.` : 'No redirects yet.'}</p>
      ) : null}
      {state.status === 'ready' && state.rows.length > 0 ? (
        <>
          <Pager
            noun="redirects"
            first={list.pageIndex * REDIRECTS_PAGE_SIZE + 1}
            shown={state.rows.length}
            total={state.total}
            onPrevious={list.pageIndex > 0 ? list.previous : undefined}
            onNext={state.nextCursor !== null ? list.next : undefined}
          />
          <div className="adm-table-wrap">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Type</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {state.rows.map((redirect) => (
                  <tr key={redirect.id}>
                    <td>
                      <code>{redirect.from}</code>
                    </td>
                    <td>
                      <code>{redirect.to}</code>
                    </td>
                    <td>
                      {redirect.status}
                      <br />
                      <span className="adm-redirects__kind">{redirect.kind === 'automatic' ? `Automatic (${redirect.target?.type ?? 'item'} renamed)` : 'Manual'}</span>
                    </td>
                    <td>
                      <div className="adm-row-actions">
                        {redirect.kind === 'manual' ? (
                          <button type="button" className="adm-button adm-button--small" aria-label={`Edit ${redirect.from}`} onClick={() => setEditing(redirect)}>
                            Edit
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="adm-button adm-button--small adm-button--danger"
                          aria-label={`Delete ${redirect.from}`}
                          onClick={() => setPending(redirect)}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title="Delete Redirect"
        confirmLabel="Delete"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      >
        <p>Are you sure you want to delete this redirect? Its address will answer “not found”.</p>
        {pending ? <p className="adm-dialog__subject">{pending.from}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
