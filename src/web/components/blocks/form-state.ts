/**
 * A contact form posted without JavaScript that did not pass: what the visitor typed and what
 * was wrong, by field name, so the page shows the form again with both. `message`: a refusal
 * not about one field (too many messages).
 */
export type FormState = { blockId: string; values: Record<string, string>; errors: Record<string, string>; message: string | null };
