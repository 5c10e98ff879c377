import type { Category } from '../../../../../shared/schemas';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { useLoad } from '../../../hooks/use-load';
import type { PendingDelete } from '../../../hooks/use-pending-delete';
import { getCategoryUsage } from '../api/category-usage';

/** "3 products will be left in no category": what the delete does to the catalogue, before it is done. */
export function usageText(leftUncategorised: number): string {
  if (leftUncategorised === 0) return 'No product will be left without a category.';
  const products = leftUncategorised === 1 ? '1 product is' : `${leftUncategorised} products are`;
  return `${products} in this category only and will be left uncategorised (on no category page).`;
}

function Usage({ id }: { id: string }) {
  const state = useLoad(() => getCategoryUsage(id), `usage ${id}`);
  if (state.status === 'loading') return <p className="adm-dialog__note">Counting its products...</p>;
  if (state.status === 'error') return <p className="adm-dialog__note">Could not count the products in this category.</p>;
  return <p className={`adm-dialog__note${state.data.leftUncategorised > 0 ? ' adm-dialog__note--warning' : ''}`}>{usageText(state.data.leftUncategorised)}</p>;
}

export function CategoryDeleteDialog({ removal }: { removal: PendingDelete<Category> }) {
  return (
    <DeleteDialog removal={removal} title="Delete Category" question="Are you sure you want to delete this category?">
      {removal.pending ? <Usage key={removal.pending.id} id={removal.pending.id} /> : null}
    </DeleteDialog>
  );
}
