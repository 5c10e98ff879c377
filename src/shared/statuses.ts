// The status lists without the validation library: admin screens show them as
// choices, and a list screen's first load should not have to evaluate zod
// (the schemas in schemas/publish.ts and schemas/newsletter.ts are built on them).

/** Whether visitors see an item (schemas/publish.ts). */
export const PUBLISH_STATUSES = ['draft', 'scheduled', 'published'] as const;

/** Where an address stands in the double opt-in (schemas/newsletter.ts). */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
