import { Fragment, useEffect, useId, useRef, useState } from 'react';
import type { FormSubmission } from '../../../../../shared/schemas/form-submission';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, SearchField } from '../../../components/ui/pager';
import { LoadError } from '../../../components/ui/save-feedback';
import { usePagedList } from '../../../hooks/use-paged-list';
import { usePendingDelete } from '../../../hooks/use-pending-delete';
import { errorMessage } from '../../../lib/admin-api';
import { INBOX_PAGE_SIZE, deleteSubmission, downloadSubmissionsCsv, formatReceived, openSubmission, pageSubmissions } from '../api/form-submissions';

const MAIL_STATUS: Record<FormSubmission['mailStatus'], string> = {
  none: 'Not mailed (no mail server set up)',
  pending: 'Being mailed to you',
  sent: 'Mailed to you',
  failed: 'Mailing failed (the message is kept here)',
};

const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 87)}…` : text);

/**
 * The messages visitors sent through the pages' contact forms: newest first,
 * unread ones marked, searchable, one page at a time; opening one marks it
 * read; delete asks first; the CSV holds every message (of the search).
 */
export default function FormsInboxScreen() {
  const list = usePagedList(pageSubmissions);
  const state = list.state;
  const [opened, setOpened] = useState<FormSubmission | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const removal = usePendingDelete<FormSubmission>(deleteSubmission, list.setRows, 'Failed to delete message');
  // The message shown goes when it is deleted.
  useEffect(() => {
    if (removal.pending || !opened || state.status !== 'ready') return;
    if (!state.rows.some((row) => row.id === opened.id)) setOpened(null);
  }, [removal.pending, opened, state]);

  const open = async (row: FormSubmission) => {
    setOpenError(null);
    try {
      const message = await openSubmission(row.id);
      setOpened(message);
      list.setRows((rows) => rows.map((item) => (item.id === row.id ? { ...item, read: true } : item)));
    } catch (error) {
      setOpenError(errorMessage(error, 'Failed to open the message'));
    }
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadSubmissionsCsv(list.q);
    } catch (error) {
      setExportError(errorMessage(error, 'Failed to export messages'));
    } finally {
      setExporting(false);
    }
  };

  const ready = state.status === 'ready' ? state : null;
  const unread = ready ? ready.rows.filter((row) => !row.read).length : 0;
  return (
    <div className="adm-page">
      <PageHeader
        title="Forms"
        description="Messages sent through the contact forms of your pages, newest first."
        actions={
          <button type="button" className="adm-button" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        }
      />
      {exportError || openError ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {exportError ?? openError}
        </p>
      ) : null}
      <SearchField label="Search messages" value={list.search} onChange={list.setSearch} />
      {opened ? <OpenedMessage message={opened} onClose={() => setOpened(null)} onDelete={() => removal.ask(opened)} /> : null}
      {state.status === 'loading' ? <InlineLoading label="Loading messages..." /> : null}
      {state.status === 'error' ? <LoadError what="messages" /> : null}
      {ready && ready.total === 0 && list.q === '' ? (
        <div className="adm-empty">
          <h2>No messages yet</h2>
          <p>Messages appear here when visitors send a contact form. Add a Contact form block to a page to get some.</p>
        </div>
      ) : null}
      {ready && ready.rows.length === 0 && list.q !== '' ? <p className="adm-empty-note">No messages match “{list.q}”.</p> : null}
      {ready && ready.rows.length > 0 ? (
        <>
          <Pager
            noun="messages"
            first={list.pageIndex * INBOX_PAGE_SIZE + 1}
            shown={ready.rows.length}
            total={ready.total}
            onPrevious={list.pageIndex > 0 ? list.previous : undefined}
            onNext={ready.nextCursor !== null ? list.next : undefined}
          />
          {unread ? <p className="adm-field__hint">{unread === 1 ? '1 unread message' : `${unread} unread messages`} on this page</p> : null}
          <div className="adm-table-wrap">
            <table className="adm-table adm-inbox">
              <thead>
                <tr>
                  <th scope="col">From</th>
                  <th scope="col">Message</th>
                  <th scope="col">Page</th>
                  <th scope="col">Received</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {ready.rows.map((row) => (
                  <tr key={row.id} data-row-id={row.id} className={row.read ? undefined : 'adm-inbox__unread'} aria-current={opened?.id === row.id ? 'true' : undefined}>
                    <td className="adm-table__title">
                      {row.read ? null : <span className="adm-status adm-status--pending adm-inbox__mark">Unread</span>}
                      <span>{row.name}</span>
                      <span className="adm-table__subtext">{row.email}</span>
                    </td>
                    <td>{excerpt(row.message)}</td>
                    <td className="adm-table__extra">{row.pageTitle}</td>
                    <td className="adm-table__extra">
                      <time dateTime={row.createdAt}>{formatReceived(row.createdAt)}</time>
                    </td>
                    <td className="adm-table__actions">
                      <div className="adm-row-actions">
                        <button type="button" className="adm-button adm-button--small" aria-label={`Open message from ${row.name}`} onClick={() => void open(row)}>
                          Open
                        </button>
                        <button
                          type="button"
                          className="adm-button adm-button--small adm-button--danger"
                          aria-label={`Delete message from ${row.name}`}
                          onClick={() => removal.ask(row)}
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
        open={removal.pending !== null}
        title="Delete Message"
        confirmLabel="Delete"
        danger
        busy={removal.deleting}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      >
        <p>Are you sure you want to delete this message? It cannot be brought back.</p>
        {removal.pending ? (
          <p className="adm-dialog__subject">
            {removal.pending.name} ({removal.pending.email}), {formatReceived(removal.pending.createdAt)}
          </p>
        ) : null}
        {removal.error ? (
          <p className="adm-field__error" role="alert">
            {removal.error}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

/** One message, whole: who sent it, from which page, every field, and a reply link. */
function OpenedMessage({ message, onClose, onDelete }: { message: FormSubmission; onClose: () => void; onDelete: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [message.id]);
  return (
    <section className="adm-section adm-inbox__message" aria-labelledby={headingId}>
      <div className="adm-section__body">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Message from {message.name}
        </h2>
        <dl className="adm-inbox__facts">
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${message.email}`}>{message.email}</a>
          </dd>
          <dt>Page</dt>
          <dd>{message.pageTitle}</dd>
          <dt>Received</dt>
          <dd>{formatReceived(message.createdAt)}</dd>
          {message.fields.map((field) => (
            <Fragment key={field.name}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </Fragment>
          ))}
          <dt>Mail</dt>
          <dd>{MAIL_STATUS[message.mailStatus]}</dd>
        </dl>
        <p className="adm-inbox__text">{message.message}</p>
        <div className="adm-row-actions">
          <a className="adm-button adm-button--small adm-button--primary" href={`mailto:${message.email}`}>
            Reply by e-mail
          </a>
          <button type="button" className="adm-button adm-button--small adm-button--danger" onClick={onDelete}>
            Delete<span className="adm-visually-hidden"> this message</span>
          </button>
          <button type="button" className="adm-button adm-button--small" onClick={onClose}>
            Close<span className="adm-visually-hidden"> the message</span>
          </button>
        </div>
      </div>
    </section>
  );
}
