import type { ReactNode } from 'react';
import { SortableRow } from './sortable-row';

type Props = { id: string; label: string; reorderable: boolean; highlighted?: boolean; children: ReactNode };

/**
 * A draggable row of the whole list, or a plain one in a filtered list (whose order is not the list's).
 * `highlighted`: the row just created, marked so the eye finds it.
 */
export function ListRow({ id, label, reorderable, highlighted, children }: Props) {
  const className = highlighted ? 'adm-row--created' : undefined;
  if (reorderable) {
    return (
      <SortableRow id={id} label={label} className={className}>
        {children}
      </SortableRow>
    );
  }
  return (
    <tr className={className} data-row-id={id}>
      <td />
      {children}
    </tr>
  );
}
