/** One saved version of an item, as the revision list shows it. */
export type RevisionEntry = { id: string; createdAt: string; summary: string };
