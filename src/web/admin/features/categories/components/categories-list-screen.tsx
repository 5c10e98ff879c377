import { useState } from 'react';
import { Link } from '../../../components/link';
import type { Category, PublishStatus } from '../../../../../shared/schemas';
import { StatusBadge, StatusFilter } from '../../../components/ui/status-filter';
import { ListRow } from '../../../components/ui/list-row';
import { CreatedNotice, useCreatedItem, useRevealCreatedRow } from '../../../components/ui/created-notice';
import { CategoryDeleteDialog } from './category-delete-dialog';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, RowActions } from '../../../components/ui/row-actions';
import { LoadError } from '../../../components/ui/save-feedback';
import { ReorderContext } from '../../../components/ui/sortable';
import { useLoad } from '../../../hooks/use-load';
import { usePendingDelete } from '../../../hooks/use-pending-delete';
import { useSortableList } from '../../../hooks/use-sortable-list';
import { paths } from '../../../lib/paths';
import { deleteCategory, reorderCategories } from '../api/categories';
import { listCategories } from '../../../lib/category-list';

export default function CategoriesListScreen() {
  const [status, setStatus] = useState<PublishStatus | ''>('');
  const state = useLoad(() => listCategories(status || undefined), `categories ${status}`);
  const created = useCreatedItem();
  useRevealCreatedRow(created, state.status === 'ready');
  return (
    <div className="adm-page">
      <PageHeader
        title="Categories"
        description="Drag the rows to change the order of categories on the website."
        actions={
          <Link className="adm-button adm-button--primary" to={paths.newCategory}>
            Add New Category
          </Link>
        }
      />
      <CreatedNotice created={created} noun="Category" />
      <StatusFilter value={status} onChange={setStatus} />
      {state.status === 'loading' ? <InlineLoading /> : null}
      {state.status === 'error' ? <LoadError what="categories" /> : null}
      {state.status === 'ready' ? <CategoriesTable key={status} initial={state.data} reorderable={status === ''} createdId={created?.id} /> : null}
    </div>
  );
}

function CategoriesTable({ initial, reorderable, createdId }: { initial: Category[]; reorderable: boolean; createdId: string | undefined }) {
  const { items, setItems, move, error } = useSortableList(initial, reorderCategories, 'Failed to reorder categories', () => listCategories());
  const removal = usePendingDelete(deleteCategory, setItems, 'Failed to delete category');

  if (items.length === 0) {
    return (
      <EmptyState
        title="No categories yet"
        text="Categories help organize your products. Create your first category to get started."
        actionLabel="Add New Category"
        actionHref={paths.newCategory}
      />
    );
  }
  return (
    <>
      {error ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="adm-table-wrap">
        <ReorderContext ids={items.map((item) => item.id)} onMove={move} labelOf={(id) => items.find((item) => item.id === id)?.title ?? 'category'}>
          <table className="adm-table adm-table--rows">
            <thead>
              <tr>
                <th scope="col">
                  <span className="adm-visually-hidden">Order</span>
                </th>
                <th scope="col">Tile Image</th>
                <th scope="col">Title</th>
                <th scope="col">Description</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((category) => (
                <ListRow key={category.id} id={category.id} label={category.title} reorderable={reorderable} highlighted={category.id === createdId}>
                  <td>
                    {category.tileImage ? <img className="adm-thumb" src={category.tileImage} alt="" /> : <span className="adm-thumb adm-thumb--empty" />}
                  </td>
                  <td className="adm-table__title">
                    {/* The title opens the editor: on a phone the row is the way in (issue 24). */}
                    <Link className="adm-table__title-link" to={paths.category(category.id)}>
                      {category.title}
                    </Link>
                  </td>
                  <td className="adm-table__description adm-table__extra">{category.description}</td>
                  <td className="adm-table__status">
                    <StatusBadge item={category} />
                  </td>
                  <td className="adm-table__actions">
                    <RowActions
                      label={category.title}
                      editHref={paths.category(category.id)}
                      viewHref={paths.publicCategory(category.slug)}
                      onDelete={() => removal.ask(category)}
                    />
                  </td>
                </ListRow>
              ))}
            </tbody>
          </table>
        </ReorderContext>
      </div>
      <CategoryDeleteDialog removal={removal} />
    </>
  );
}
