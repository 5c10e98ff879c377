import { useState } from 'react';
import { Link } from '../../../components/link';
import type { PublishStatus } from '../../../../../shared/schemas';
import type { SitePage } from '../../../../../shared/schemas/page';
import { StatusBadge, StatusFilter } from '../../../components/ui/status-filter';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { CreatedNotice, useCreatedItem, useRevealCreatedRow } from '../../../components/ui/created-notice';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, RowActions } from '../../../components/ui/row-actions';
import { LoadError } from '../../../components/ui/save-feedback';
import { usePagedList } from '../../../hooks/use-paged-list';
import { usePendingDelete } from '../../../hooks/use-pending-delete';
import { formatWhen } from '../../../lib/publishing';
import { paths } from '../../../lib/paths';
import { PAGES_PAGE_SIZE, deleteSitePage, pageSitePages } from '../api/pages';
import { BLOCK_LABELS } from './block-kinds';

export default function PagesListScreen() {
  const [status, setStatus] = useState<PublishStatus | ''>('');
  // A new status starts a new list (its own pages).
  return <PagedPages key={status} status={status} onStatus={setStatus} />;
}

function PagedPages({ status, onStatus }: { status: PublishStatus | ''; onStatus: (status: PublishStatus | '') => void }) {
  const list = usePagedList(({ cursor }) => pageSitePages({ cursor, status: status || undefined }));
  const state = list.state;
  const empty = state.status === 'ready' && state.total === 0 && status === '';
  const created = useCreatedItem();
  useRevealCreatedRow(created, state.status === 'ready');
  return (
    <div className="adm-page">
      <PageHeader
        title="Pages"
        description="Free-form pages made of blocks: a privacy notice, terms, an FAQ, a contact page, a landing page. Link them from the menus in Navigation."
        actions={
          <Link className="adm-button adm-button--primary" to={paths.newPage}>
            Add New Page
          </Link>
        }
      />
      <CreatedNotice created={created} noun="Page" />
      <StatusFilter value={status} onChange={onStatus} />
      {state.status === 'loading' ? <InlineLoading label="Loading pages..." /> : null}
      {state.status === 'error' ? <LoadError what="pages" /> : null}
      {empty ? (
        <EmptyState title="No pages yet" text="Start with a privacy notice, an FAQ or a contact page." actionLabel="Add New Page" actionHref={paths.newPage} />
      ) : null}
      {!empty && state.status === 'ready' ? (
        <PagesTable list={list} rows={state.rows} total={state.total} hasNext={state.nextCursor !== null} createdId={created?.id} />
      ) : null}
    </div>
  );
}

type TableProps = {
  list: ReturnType<typeof usePagedList<SitePage>>;
  rows: SitePage[];
  total: number;
  hasNext: boolean;
  createdId: string | undefined;
};

/** "Rich text, FAQ, Contact form" */
const blockSummary = (page: SitePage) => (page.blocks.length ? page.blocks.map((block) => BLOCK_LABELS[block.type]).join(', ') : 'No blocks yet');

function PagesTable({ list, rows, total, hasNext, createdId }: TableProps) {
  const removal = usePendingDelete<SitePage>(deleteSitePage, list.setRows, 'Failed to delete page');
  if (rows.length === 0) return <p className="adm-empty-note">No pages with this status.</p>;
  return (
    <>
      <Pager
        noun="pages"
        first={list.pageIndex * PAGES_PAGE_SIZE + 1}
        shown={rows.length}
        total={total}
        onPrevious={list.pageIndex > 0 ? list.previous : undefined}
        onNext={hasNext ? list.next : undefined}
      />
      <div className="adm-table-wrap">
        <table className="adm-table adm-table--rows">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Address</th>
              <th scope="col">Blocks</th>
              <th scope="col">Status</th>
              <th scope="col">Updated</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((page) => (
              <tr key={page.id} data-row-id={page.id} className={page.id === createdId ? 'adm-row--created' : undefined}>
                <td className="adm-table__title">
                  <Link className="adm-table__title-link" to={paths.page(page.id)}>
                    {page.title}
                  </Link>
                </td>
                <td className="adm-table__extra">{paths.publicPage(page.slug)}</td>
                <td className="adm-table__extra">{blockSummary(page)}</td>
                <td className="adm-table__status">
                  <StatusBadge item={page} />
                </td>
                <td className="adm-table__extra">{formatWhen(page.updatedAt)}</td>
                <td className="adm-table__actions">
                  <RowActions label={page.title} editHref={paths.page(page.id)} viewHref={paths.publicPage(page.slug)} onDelete={() => removal.ask(page)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DeleteDialog removal={removal} title="Delete Page" question="Are you sure you want to delete this page? Menu links to it disappear from the site." />
    </>
  );
}
