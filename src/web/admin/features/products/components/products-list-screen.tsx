import { useState } from 'react';
import { Link } from 'react-router';
import type { Category, Product, PublishStatus, Tag } from '../../../../../shared/schemas';
import { StatusBadge, StatusFilter } from '../../../components/ui/status-filter';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, RowActions } from '../../../components/ui/row-actions';
import { LoadError } from '../../../components/ui/save-feedback';
import { ReorderContext } from '../../../components/ui/sortable';
import { ListRow as Row } from '../../../components/ui/list-row';
import { useLoad } from '../../../hooks/use-load';
import { usePendingDelete } from '../../../hooks/use-pending-delete';
import { useSortableList } from '../../../hooks/use-sortable-list';
import { adminRequest } from '../../../lib/admin-api';
import { paths } from '../../../lib/paths';
import { deleteProduct, listProducts, reorderProducts } from '../api/products';
import { listTags } from '../api/tags';

type Loaded = { products: Product[]; categories: Category[]; tags: Tag[] };

const loadAll = async (status: PublishStatus | ''): Promise<Loaded> => {
  const [products, categories, tags] = await Promise.all([listProducts(status || undefined), adminRequest<Category[]>('/categories'), listTags()]);
  return { products, categories, tags };
};

/** Names for the ids, joined by a comma, or "-" when there are none (spec §2). */
export function joinNames(ids: string[], items: { id: string; title: string }[]): string {
  const names = ids.map((id) => items.find((item) => item.id === id)?.title).filter(Boolean);
  return names.length ? names.join(', ') : '-';
}

export default function ProductsListScreen() {
  const [status, setStatus] = useState<PublishStatus | ''>('');
  const state = useLoad(() => loadAll(status), `products ${status}`);
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
      <StatusFilter value={status} onChange={setStatus} />
      {state.status === 'loading' ? <InlineLoading /> : null}
      {state.status === 'error' ? <LoadError what="products" /> : null}
      {state.status === 'ready' ? <ProductsTable key={status} loaded={state.data} reorderable={status === ''} /> : null}
    </div>
  );
}

function ProductsTable({ loaded, reorderable }: { loaded: Loaded; reorderable: boolean }) {
  const { items, setItems, move } = useSortableList(loaded.products, reorderProducts, 'Failed to reorder products', () => listProducts());
  const removal = usePendingDelete(deleteProduct, setItems, 'Failed to delete product');

  if (items.length === 0) {
    return (
      <EmptyState
        title="No products yet"
        text="Start by creating your first product. Products are the main items you'll be showcasing."
        actionLabel="Add New Product"
        actionHref={paths.newProduct}
      />
    );
  }
  return (
    <>
      <div className="adm-table-wrap">
        <ReorderContext ids={items.map((item) => item.id)} onMove={move} labelOf={(id) => items.find((item) => item.id === id)?.title ?? 'product'}>
          <table className="adm-table">
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
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((product) => (
                <Row key={product.id} id={product.id} label={product.title} reorderable={reorderable}>
                  <td>{product.mainImage ? <img className="adm-thumb" src={product.mainImage} alt="" /> : <span className="adm-thumb adm-thumb--empty" />}</td>
                  <td className="adm-table__title">
                    {product.title}
                    <span className="adm-table__subtext">{product.duration}</span>
                  </td>
                  <td>{joinNames(product.categories, loaded.categories)}</td>
                  <td>{joinNames(product.tags, loaded.tags)}</td>
                  <td>
                    <StatusBadge item={product} />
                  </td>
                  <td>
                    <RowActions
                      label={product.title}
                      editHref={paths.product(product.id)}
                      viewHref={paths.publicProduct(product.slug)}
                      onDelete={() => removal.ask(product)}
                    />
                  </td>
                </Row>
              ))}
            </tbody>
          </table>
        </ReorderContext>
      </div>
      <DeleteDialog removal={removal} title="Delete Product" question="Are you sure you want to delete this product?" />
    </>
  );
}

