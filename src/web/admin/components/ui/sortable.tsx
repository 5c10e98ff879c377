import { createContext, useEffect, useState, type ComponentPropsWithRef, type CSSProperties, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/** Moves one item and renumbers every order 0..n-1 in the new sequence. */
export function moveAndRenumber<T extends { order: number }>(items: T[], from: number, to: number): T[] {
  return arrayMove(items, from, to).map((item, order) => ({ ...item, order }));
}

type ReorderProps = {
  ids: string[];
  onMove: (from: number, to: number) => void;
  /** What a screen reader calls an item while it moves (dnd-kit would read out its id). */
  labelOf: (id: string) => string;
  layout?: 'list' | 'grid';
  children: ReactNode;
};

function announcements(ids: string[], labelOf: (id: string) => string): Announcements {
  const name = (id: string | number) => labelOf(String(id));
  const position = (id: string | number) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} moved to ${position(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at ${position(over.id)}.` : `${name(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Reordering cancelled: ${name(active.id)} stays at ${position(active.id)}.`,
  };
}

/**
 * False while a list's first rows are being rendered, true once the browser
 * has painted them. Making 50 rows sortable took ~85 ms of script (decision
 * 044), so a list's rows are shown plain and become sortable a frame later
 * (sortable-row.tsx); the keyboard and pointer handles work from then on.
 */
export const DragReady = createContext(true);

function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    // A timeout set in an animation frame runs after that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Drag with a pointer or with the keyboard (Space to lift, arrows to move, Space to drop). */
export function ReorderContext({ ids, onMove, labelOf, layout = 'list', children }: ReorderProps) {
  const dragReady = useAfterFirstPaint();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(ids, labelOf) }}
    >
      <SortableContext items={ids} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}>
        <DragReady.Provider value={dragReady}>{children}</DragReady.Provider>
      </SortableContext>
    </DndContext>
  );
}

/** The grip a sortable item is moved by; without dnd-kit's props it looks the same and does nothing yet. */
export function DragHandle({ label, ...props }: { label: string } & ComponentPropsWithRef<'button'>) {
  return (
    <button type="button" className="adm-drag-handle" {...props} aria-label={`Reorder ${label}`} title="Drag to reorder (or press Space, then the arrow keys)">
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/** A sortable item: its node, its style while moving, and the props for its drag handle. */
export function useSortableItem(id: string, label: string) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  const handle = <DragHandle label={label} ref={setActivatorNodeRef} {...attributes} {...listeners} />;
  return { setNodeRef, style, handle, isDragging };
}
