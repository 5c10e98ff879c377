import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DragHandle, DragReady } from './sortable';

type Sortable = ReturnType<typeof useSortable>;

/** What the row and its handle take from dnd-kit: the handle's props, and where the row is while the list is reordered. */
type Binding = {
  handle: Pick<Sortable, 'attributes' | 'listeners' | 'setActivatorNodeRef'> | null;
  transform: string | undefined;
  transition: string | undefined;
  isDragging: boolean;
};
const UNBOUND: Binding = { handle: null, transform: undefined, transition: undefined, isDragging: false };
const sameBinding = (a: Binding, b: Binding) =>
  a.transform === b.transform &&
  a.transition === b.transition &&
  a.isDragging === b.isDragging &&
  a.handle?.attributes === b.handle?.attributes &&
  a.handle?.listeners === b.handle?.listeners &&
  a.handle?.setActivatorNodeRef === b.handle?.setActivatorNodeRef;

/**
 * A row of a reorderable table. It is painted as a plain row with the same
 * handle first; once the list is ready to drag (`DragReady`), a binding
 * beside the handle makes it sortable. Neither the cells nor the handle
 * button are remounted for that (a remount would rebuild the 50 rows' DOM and
 * drop a handle someone is already pointing at): the binding hands the row
 * dnd-kit's props for the handle and the row's motion.
 */
export function SortableRow({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  const dragReady = useContext(DragReady);
  const row = useRef<HTMLTableRowElement>(null);
  const [binding, setBinding] = useState<Binding>(UNBOUND);
  const onBinding = useCallback((next: Binding) => setBinding((current) => (sameBinding(current, next) ? current : next)), []);
  const { handle } = binding;
  const classes = [binding.isDragging ? 'adm-row--dragging' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <tr
      ref={row}
      style={{ transform: binding.transform, transition: binding.transition, position: 'relative', zIndex: binding.isDragging ? 2 : undefined }}
      className={classes || undefined}
      data-row-id={id}
    >
      <td className="adm-table__handle">
        <DragHandle label={label} ref={handle?.setActivatorNodeRef} {...handle?.attributes} {...handle?.listeners} />
        {dragReady ? <SortableBinding id={id} row={row} onBinding={onBinding} /> : null}
      </td>
      {children}
    </tr>
  );
}

function SortableBinding({ id, row, onBinding }: { id: string; row: RefObject<HTMLTableRowElement | null>; onBinding: (binding: Binding) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  // A passive effect: by then the row's own ref is set, also when row and binding mount together.
  useEffect(() => setNodeRef(row.current), [setNodeRef, row]);
  const moved = CSS.Translate.toString(transform);
  // Before paint, so the row moves in the same frame as dnd-kit computed.
  useLayoutEffect(
    () => onBinding({ handle: { attributes, listeners, setActivatorNodeRef }, transform: moved, transition, isDragging }),
    [onBinding, attributes, listeners, setActivatorNodeRef, moved, transition, isDragging],
  );
  return null;
}
