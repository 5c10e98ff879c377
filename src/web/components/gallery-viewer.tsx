import { useEffect, useRef, type KeyboardEvent, type TouchEvent } from 'react';
import type { GalleryItem } from '../../shared/schemas';
import { Picture } from '../images/picture';

/** The alt text of a gallery image when the media library has none. */
export const galleryAlt = (title: string, index: number) => `${title}: gallery image ${index + 1}`;

/** A horizontal move at least this long (CSS px) is a swipe; shorter ones are taps or wobbles. */
const SWIPE_DISTANCE = 40;

type Props = {
  items: GalleryItem[];
  title: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
};

/**
 * The gallery full-screen, one image at a time. A modal <dialog> keeps focus
 * inside (the page behind is inert) and turns Esc into its cancel event; the
 * arrow keys, the buttons and a swipe move through the images, wrapping round.
 */
export function GalleryViewer({ items, title, index, onIndex, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = items.length;
  const item = items[index]!;
  const go = (step: number) => onIndex((index + step + count) % count);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // Focus starts on Close: showModal alone would put it on the first button (Previous).
    closeButton.current?.focus();
    return () => element.close();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    // Mostly sideways: a vertical drag is not a swipe.
    if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(touch.clientY - start.y)) go(dx < 0 ? 1 : -1);
  };

  return (
    <dialog
      ref={dialog}
      className="gallery-viewer"
      aria-label={`${title}: gallery`}
      onCancel={(event) => {
        // Esc: React, not the browser, decides that the viewer is gone.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <figure className="gallery-viewer__figure" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <Picture key={item.url} src={item.url} alt={galleryAlt(title, index)} sizes="100vw" width={1600} height={900} eager placeholder={false} className="gallery-viewer__image" />
        <figcaption className="gallery-viewer__counter" aria-live="polite">
          {index + 1} / {count}
        </figcaption>
      </figure>
      {count > 1 && (
        <>
          <button type="button" className="gallery-viewer__nav gallery-viewer__nav--previous" onClick={() => go(-1)} aria-label="Previous image">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
            </svg>
          </button>
          <button type="button" className="gallery-viewer__nav gallery-viewer__nav--next" onClick={() => go(1)} aria-label="Next image">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z" />
            </svg>
          </button>
        </>
      )}
      <button type="button" className="gallery-viewer__close" ref={closeButton} onClick={onClose} aria-label="Close gallery">
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z" />
        </svg>
      </button>
    </dialog>
  );
}
