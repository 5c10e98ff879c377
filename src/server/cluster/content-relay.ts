import type { ContentEvents } from '../content/events';
import type { ContentChange } from '../content/changes';
import { asContentType, type ContentTypeName } from '../content/types';

/** The message a worker sends its primary after a write, and the primary passes to every other worker. */
export const CONTENT_CHANGED = 'showcase:content-changed';

/** `entity` lets the other workers keep what that kind of write cannot change (content-events.ts); `renditions`: images with new renditions. */
type RelayMessage = { type: typeof CONTENT_CHANGED; entity?: ContentTypeName; renditions?: string[]; webhooks?: true };
export const isContentChanged = (message: unknown): message is RelayMessage =>
  typeof message === 'object' && message !== null && (message as RelayMessage).type === CONTENT_CHANGED;

/**
 * In a cluster worker: tells the primary about this worker's writes and
 * drops cached pages when another worker wrote (docs/decisions/007). With
 * PostgreSQL every worker already hears every copy's NOTIFY, so nothing is relayed.
 */
export function relayContentChanges(events: ContentEvents, usesPostgres: boolean): () => void {
  if (!process.send || usesPostgres) return () => {};
  const tellPrimary = (change: ContentChange) => process.send?.({ type: CONTENT_CHANGED, entity: change.entity } satisfies RelayMessage);
  const tellRenditions = (urls: readonly string[], here: boolean) => {
    if (here) process.send?.({ type: CONTENT_CHANGED, renditions: [...urls] } satisfies RelayMessage);
  };
  const tellWebhooks = (here: boolean) => {
    if (here) process.send?.({ type: CONTENT_CHANGED, webhooks: true } satisfies RelayMessage);
  };
  const hear = (message: unknown) => {
    if (!isContentChanged(message)) return;
    if (message.webhooks === true) events.webhooksQueued(false);
    else if (Array.isArray(message.renditions)) events.renditionsReady(message.renditions.filter((url) => typeof url === 'string'), false);
    else events.changedElsewhere(asContentType(message.entity));
  };
  events.on('change', tellPrimary);
  events.on('renditions', tellRenditions);
  events.on('webhooks', tellWebhooks);
  process.on('message', hear);
  return () => {
    events.off('change', tellPrimary);
    events.off('renditions', tellRenditions);
    events.off('webhooks', tellWebhooks);
    process.off('message', hear);
  };
}
