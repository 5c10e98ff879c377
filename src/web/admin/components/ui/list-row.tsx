import type { ReactNode } from 'react';
import { SortableRow } from './sortable';

/** A draggable row of the whole list, or a plain one in a filtered list (whose order is not the list's). */
export function ListRow({ id, label, reorderable, children }: { id: string; label: string; reorderable: boolean; children: ReactNode }) {
  if (reorderable) {
    return (
      <SortableRow id={id} label={label}>
        {children}
      </SortableRow>
    );
  }
  return (
    <tr>
      <td />
      {children}
    </tr>
  );
}
