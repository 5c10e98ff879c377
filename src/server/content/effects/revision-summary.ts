/** Field names as the editors label them, for "what changed". */
const LABELS: Record<string, string> = {
  heroConfig: 'hero',
  mainImage: 'tile image',
  duration: 'info',
  buyLink: 'buy link',
  editions: 'editions',
  introVideo: 'intro link',
  darkMode: 'dark mode',
  tileImage: 'tile image',
  tileVideo: 'tile video',
  hoverImage: 'hover image',
  emptyImage: 'empty state image',
  itemsPerRow: 'items per row',
  publishAt: 'publish time',
  primaryColor: 'primary color',
  newsletterImage: 'newsletter image',
  content: 'content',
};

const label = (key: string) => LABELS[key] ?? key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/** The top-level fields whose values differ; `order` and ids are list mechanics, not edits. */
export function changedFields(before: unknown, after: unknown): string[] {
  if (typeof before !== 'object' || before === null || typeof after !== 'object' || after === null) return [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => key !== 'id' && key !== 'order' && JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/** One line for the revision list: created, restored, or which fields changed. */
export function summarize(action: 'create' | 'update', before: unknown, after: unknown, note?: string): string {
  if (note) return note;
  if (action === 'create' || before === null) return 'Created';
  const fields = changedFields(before, after);
  if (fields.length === 0) return 'Saved without changes';
  const labels = fields.map(label);
  return `Changed ${labels.join(', ')}`.slice(0, 1000);
}
