import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { BLOCK_TYPES, MAX_BLOCKS, type Block, type BlockType } from '../../../../../shared/schemas/page';
import { MoveButtons, useMoveAnnouncer } from '../../../components/ui/move-buttons';
import { ReorderContext, useSortableItem } from '../../../components/ui/sortable';
import { nestedErrors, type FieldErrors } from '../../../lib/field-errors';
import type { GridSources } from '../api/pages';
import { BlockFields } from './block-fields';
import { BLOCK_HINTS, BLOCK_LABELS, blankBlock, blockName } from './block-kinds';

type Props = {
  blocks: Block[];
  onChange: Dispatch<SetStateAction<Block[]>>;
  /** The whole form's errors: each block shows those under `blocks.N`. */
  errors: FieldErrors;
  sources: GridSources | null;
};

const labelOf = (blocks: Block[], id: string) => {
  const index = blocks.findIndex((block) => block.id === id);
  return index >= 0 ? blockName(blocks[index]!, index) : 'block';
};

const move = <T,>(items: T[], from: number, to: number) => {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
};

/**
 * The page's blocks in order: added from a menu of the nine types, edited in
 * place, removed (with Undo), and reordered by dragging the handle, by the
 * handle with the keyboard (Space, arrows, Space) or by Move up / Move down.
 */
export function BlockList({ blocks, onChange, errors, sources }: Props) {
  const { announce, region } = useMoveAnnouncer();
  const [removed, setRemoved] = useState<{ block: Block; index: number } | null>(null);
  // The block just added gets the focus once it is on screen.
  const [focusId, setFocusId] = useState<string | null>(null);
  // A removed block's buttons are gone with it: the keyboard carries on from Undo.
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (removed) undoButton.current?.focus();
  }, [removed]);

  const moveBlock = (from: number, to: number) => {
    const block = blocks[from];
    if (!block) return;
    onChange((current) => move(current, from, to));
    announce(`${BLOCK_LABELS[block.type]} block moved to position ${to + 1} of ${blocks.length}.`);
  };
  const add = (type: BlockType) => {
    const block = blankBlock(type);
    onChange((current) => [...current, block]);
    setFocusId(block.id);
    setRemoved(null);
    announce(`${BLOCK_LABELS[type]} block added at position ${blocks.length + 1}.`);
  };
  const remove = (index: number) => {
    const block = blocks[index];
    if (!block) return;
    onChange((current) => current.filter((_, i) => i !== index));
    setRemoved({ block, index });
  };
  const undo = () => {
    if (!removed) return;
    const { block, index } = removed;
    onChange((current) => [...current.slice(0, index), block, ...current.slice(index)]);
    setRemoved(null);
    setFocusId(block.id);
  };

  return (
    <div className="adm-blocks">
      {region}
      {errors.blocks ? (
        <p className="adm-field__error" role="alert">
          Blocks {errors.blocks}
        </p>
      ) : null}
      {blocks.length === 0 ? <p className="adm-field__hint">No blocks yet: add the first one below.</p> : null}
      <ReorderContext ids={blocks.map((block) => block.id)} onMove={moveBlock} labelOf={(id) => labelOf(blocks, id)}>
        <ol className="adm-blocks__list">
          {blocks.map((block, index) => (
            <BlockCard
              key={block.id}
              block={block}
              index={index}
              count={blocks.length}
              errors={nestedErrors(errors, `blocks.${index}`)}
              blockError={errors[`blocks.${index}`]}
              sources={sources}
              focus={focusId === block.id}
              onFocused={() => setFocusId(null)}
              onMove={moveBlock}
              onRemove={() => remove(index)}
              onChange={(update) => onChange((current) => current.map((item) => (item.id === block.id ? update(item) : item)))}
              announce={announce}
            />
          ))}
        </ol>
      </ReorderContext>
      {removed ? (
        <div className="adm-alert adm-blocks__removed" role="status">
          <span>{BLOCK_LABELS[removed.block.type]} block removed.</span>
          <button ref={undoButton} type="button" className="adm-button adm-button--small" onClick={undo}>
            Undo<span className="adm-visually-hidden"> removing the {BLOCK_LABELS[removed.block.type]} block</span>
          </button>
        </div>
      ) : null}
      {blocks.length < MAX_BLOCKS ? <AddBlockMenu onAdd={add} /> : <p className="adm-field__hint">A page holds at most {MAX_BLOCKS} blocks.</p>}
    </div>
  );
}

type CardProps = {
  block: Block;
  index: number;
  count: number;
  errors: FieldErrors;
  blockError: string | undefined;
  sources: GridSources | null;
  focus: boolean;
  onFocused: () => void;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  onChange: (update: (block: Block) => Block) => void;
  announce: (text: string) => void;
};

function BlockCard({ block, index, count, errors, blockError, sources, focus, onFocused, onMove, onRemove, onChange, announce }: CardProps) {
  const name = blockName(block, index);
  const headingId = useId();
  const { setNodeRef, style, handle, isDragging } = useSortableItem(block.id, name);
  const card = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!focus || !card.current) return;
    // Its first field to type in, if it has one on screen (a rich-text editor is still loading): else the block itself.
    const fields = card.current.querySelectorAll<HTMLElement>('.adm-block__body input:not([type="file"]):not([type="checkbox"]), .adm-block__body textarea, .adm-block__body select');
    const field = [...fields].find((element) => element.getClientRects().length > 0);
    (field ?? card.current).focus();
    card.current.scrollIntoView({ block: 'nearest' });
    onFocused();
  }, [focus, onFocused]);
  const invalid = Boolean(blockError) || Object.keys(errors).length > 0;
  return (
    <li ref={setNodeRef} style={style} className={`adm-block${isDragging ? ' adm-block--dragging' : ''}${invalid ? ' adm-block--invalid' : ''}`} data-block-id={block.id}>
      <section ref={card} aria-labelledby={headingId} tabIndex={-1} className="adm-block__card">
        <div className="adm-block__head">
          {handle}
          <h3 className="adm-block__title" id={headingId}>
            {name}
          </h3>
          <div className="adm-block__tools">
            <MoveButtons label={name} index={index} count={count} onMove={onMove} />
            <button type="button" className="adm-button adm-button--small adm-button--danger" aria-label={`Remove ${name}`} onClick={onRemove}>
              Remove
            </button>
          </div>
        </div>
        {blockError ?? errors.type ? (
          <p className="adm-field__error" role="alert">
            {blockError ?? errors.type}
          </p>
        ) : null}
        <div className="adm-block__body">
          <BlockFields block={block} onChange={onChange} errors={errors} sources={sources} announce={announce} />
        </div>
      </section>
    </li>
  );
}

/** "Add block": a menu of the nine types; Escape closes it and gives the focus back. */
function AddBlockMenu({ onAdd }: { onAdd: (type: BlockType) => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div
      className="adm-blocks__add"
      // The menu folds when the focus leaves it (a click elsewhere, Tab past the last type).
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button ref={toggle} type="button" className="adm-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        Add block
      </button>
      <ul
        id={menuId}
        className="adm-blocks__menu"
        aria-label="Block types"
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
      >
        {BLOCK_TYPES.map((type, index) => (
          <li key={type}>
            <button
              ref={index === 0 ? first : undefined}
              type="button"
              className="adm-blocks__choice"
              aria-describedby={`${menuId}-${type}`}
              onClick={() => {
                setOpen(false);
                onAdd(type);
              }}
            >
              <span className="adm-blocks__choice-name">{BLOCK_LABELS[type]}</span>
              <span className="adm-blocks__choice-hint" id={`${menuId}-${type}`} aria-hidden="true">
                {BLOCK_HINTS[type]}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
