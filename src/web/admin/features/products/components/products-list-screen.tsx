import { useState, type FormEvent } from 'react';
import { Link } from '../../../components/link';
import { arrayMove } from '@dnd-kit/sortable';
import type { Product, PublishStatus } from '../../../../../shared/schemas';
import { StatusBadge, StatusFilter } from '../../../components/ui/status-filter';
import { ListRow } from '../../../components/ui/list-row';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { CreatedNotice, useCreatedItem, useRevealCreatedRow } from '../../../components/ui/created-notice';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, SearchField } from '../../../components/ui/pager';
import { EmptyState, RowActions } from '../../../components/ui/row-actions';
import { LoadError } from '../../../components/ui/save-feedback';
import { ReorderContext } from '../../../components/ui/sortable';
import { useLoad } from '../../../hooks/use-load';
import { usePagedList } from '../../../hooks/use-paged-list';
import { usePendingDelete } from '../../../hooks/use-pending-delete';
import { saveFailureText } from '../../../lib/save-failure';
import { paths } from '../../../lib/paths';
import { ProductFiguresText, useProductFigures } from '../../../components/product-figures';
import { PRODUCTS_PAGE_SIZE, deleteProduct, loadProductNames, moveProductTo, pageProducts, reorderProducts, type ProductNames } from '../api/products';

/** Names for the ids, joined by a comma, or "-" when there are none. */
export function joinNames(ids: string[], items: { id: string; title: string }[]): string {
  const names = ids.map((id) => items.find((item) => item.id === id)?.title).filter(Boolean);
  return names.length ? names.join(', ') : '-';
}

export default function ProductsListScreen() {
  const [status, setStatus] = useState<PublishStatus | ''>('');
  // A new status starts a new list (its own pages and search).
  return <PagedProducts key={status} status={status} onStatus={setStatus} />;
}

function PagedProducts({ status, onStatus }: { status: PublishStatus | ''; onStatus: (status: PublishStatus | '') => void }) {
  const names = useLoad(loadProductNames, 'product-names');
  const list = usePagedList((query) => pageProducts({ ...query, status: status || undefined }));
  const state = list.state;
  const loading = state.status === 'loading' || names.status === 'loading';
  const failed = state.status === 'error' || names.status === 'error';
  const empty = state.status === 'ready' && state.total === 0 && list.q === '';
  const created = useCreatedItem();
  useRevealCreatedRow(created, state.status === 'ready' && names.status === 'ready');
  return (
    <div className="adm-page">
      <PageHeader
        title="Products"
        description="Drag the rows to change the order of products on the website."
        actions={
          <Link className="adm-button adm-button--primary" to={paths.newProduct}>
            Add New Product
          </Link>
        }
      />
      <CreatedNotice created={created} noun="Product" />
      <StatusFilter value={status} onChange={onStatus} />
      {!empty && !failed ? <SearchField label="Search products" value={list.search} onChange={list.setSearch} /> : null}
      {loading && !failed ? <InlineLoading /> : null}
      {failed ? <LoadError what="products" /> : null}
      {empty ? (
        <EmptyState
          title="No products yet"
          text="Start by creating your first product. Products are the main items you'll be showcasing."
          actionLabel="Add New Product"
          actionHref={paths.newProduct}
        />
      ) : null}
      {!empty && state.status === 'ready' && names.status === 'ready' ? (
        <ProductsTable list={list} rows={state.rows} total={state.total} hasNext={state.nextCursor !== null} names={names.data} reorderable={status === ''} createdId={created?.id} />
      ) : null}
    </div>
  );
}

// A list filtered by status is not the whole order: it is not reorderable.
type TableProps = {
  list: ReturnType<typeof usePagedList<Product>>;
  rows: Product[];
  total: number;
  hasNext: boolean;
  names: ProductNames;
  reorderable: boolean;
  createdId: string | undefined;
};

function ProductsTable({ list, rows, total, hasNext, names, reorderable, createdId }: TableProps) {
  const removal = usePendingDelete<Product>(deleteProduct, list.setRows, 'Failed to delete product');
  const [movingId, setMovingId] = useState<string | null>(null);
  // Shown above the list, not in a browser alert: the list then shows what the server holds.
  const [reorderError, setReorderError] = useState<string | null>(null);
  const failedToReorder = (error: unknown) => {
    console.error(error);
    setReorderError(saveFailureText(error, 'Failed to reorder products'));
  };
  const pageStart = list.pageIndex * PRODUCTS_PAGE_SIZE;
  // Views, Buy Now clicks and click-through of the rows on screen over the last 30 days (issue 27).
  const figures = useProductFigures(rows.map((row) => row.id));

  /**
   * A drag within the page: the rows swap the order numbers they already hold,
   * so only the rows that moved are saved. Numbers with ties cannot express
   * the new sequence: then the server places the product and renumbers the list.
   */
  const moveWithinPage = (from: number, to: number) => {
    const orders = rows.map((row) => row.order);
    const distinct = orders.every((order, i) => i === 0 || order > orders[i - 1]!);
    const next = arrayMove(rows, from, to).map((row, i) => (distinct ? { ...row, order: orders[i]! } : row));
    list.setRows(() => next);
    setReorderError(null);
    const moved = rows[from]!;
    const before = new Map(rows.map((row) => [row.id, row.order]));
    const save = distinct
      ? reorderProducts(next.filter((row) => row.order !== before.get(row.id)).map(({ id, order }) => ({ id, order })))
      : moveProductTo(moved.id, list.q ? orders[to]! : pageStart + to);
    // Shown first; after a failure the page shows what the server holds again (issue 10, decision 012).
    save.catch((error: unknown) => {
      failedToReorder(error);
      list.reload();
    });
  };

  const moveTo = (product: Product, position: number) => {
    setMovingId(null);
    setReorderError(null);
    moveProductTo(product.id, position).then(list.reload, failedToReorder);
  };

  if (rows.length === 0) return <p className="adm-empty-note">No products match “{list.q}”.</p>;
  return (
    <>
      <Pager
        noun="products"
        first={pageStart + 1}
        shown={rows.length}
        total={total}
        onPrevious={list.pageIndex > 0 ? list.previous : undefined}
        onNext={hasNext ? list.next : undefined}
      />
      {reorderError ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {reorderError}
        </p>
      ) : null}
      <div className="adm-table-wrap">
        <ReorderContext ids={rows.map((row) => row.id)} onMove={moveWithinPage} labelOf={(id) => rows.find((row) => row.id === id)?.title ?? 'product'}>
          <table className="adm-table adm-table--rows">
            <thead>
              <tr>
                <th scope="col">
                  <span className="adm-visually-hidden">Order</span>
                </th>
                <th scope="col">Cover</th>
                <th scope="col">Title</th>
                <th scope="col">Categories</th>
                <th scope="col">Tags</th>
                <th scope="col">Status</th>
                <th scope="col">Last 30 days</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((product) => (
                <ListRow key={product.id} id={product.id} label={product.title} reorderable={reorderable} highlighted={product.id === createdId}>
                  <td>{product.mainImage ? <img className="adm-thumb" src={product.mainImage} alt="" loading="lazy" /> : <span className="adm-thumb adm-thumb--empty" />}</td>
                  <td className="adm-table__title">
                    {/* The title opens the editor: on a phone the row is the way in (issue 24). */}
                    <Link className="adm-table__title-link" to={paths.product(product.id)}>
                      {product.title}
                    </Link>
                    <span className="adm-table__subtext">{product.duration}</span>
                  </td>
                  <td className="adm-table__extra">{joinNames(product.categories, names.categories)}</td>
                  <td className="adm-table__extra">{joinNames(product.tags, names.tags)}</td>
                  <td className="adm-table__status">
                    <StatusBadge item={product} />
                  </td>
                  <td className="adm-table__extra">{figures ? <ProductFiguresText figures={figures.get(product.id)} /> : null}</td>
                  <td className="adm-table__actions">
                    <RowActions
                      label={product.title}
                      editHref={paths.product(product.id)}
                      viewHref={paths.publicProduct(product.slug)}
                      onDelete={() => removal.ask(product)}
                    />
                    {!reorderable ? null : movingId === product.id ? (
                      <MoveForm product={product} onMove={(position) => moveTo(product, position)} onCancel={() => setMovingId(null)} />
                    ) : (
                      <div className="adm-move">
                        <button type="button" className="adm-button adm-button--small" aria-label={`Move ${product.title} to top`} onClick={() => moveTo(product, 0)}>
                          Move to top
                        </button>
                        <button type="button" className="adm-button adm-button--small" aria-label={`Move ${product.title} to position`} onClick={() => setMovingId(product.id)}>
                          Move to position
                        </button>
                      </div>
                    )}
                  </td>
                </ListRow>
              ))}
            </tbody>
          </table>
        </ReorderContext>
      </div>
      <DeleteDialog removal={removal} title="Delete Product" question="Are you sure you want to delete this product?" />
    </>
  );
}

/** Positions in the whole list, counted from 1 for people (the API counts from 0 and stops at the end). */
function MoveForm({ product, onMove, onCancel }: { product: Product; onMove: (position: number) => void; onCancel: () => void }) {
  const [value, setValue] = useState('1');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const position = Math.round(Number(value));
    if (Number.isFinite(position) && position >= 1) onMove(position - 1);
  };
  return (
    <form className="adm-move" onSubmit={submit}>
      <input
        className="adm-input"
        type="number"
        min={1}
        aria-label={`New position for ${product.title}`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoFocus
      />
      <button type="submit" className="adm-button adm-button--small adm-button--primary">
        Move
      </button>
      <button type="button" className="adm-button adm-button--small" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
