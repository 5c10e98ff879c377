import type { Tag } from '../../../../../shared/schemas';
import { adminRequest } from '../../../lib/admin-api';

export const TAGS_PATH = '/tags';
export const listTags = () => adminRequest<Tag[]>(TAGS_PATH);
export const createTag = (title: string) => adminRequest<Tag>('/tags', { method: 'POST', body: { title }, failure: 'Failed to create tag' });

/** Case-insensitive substring match; already selected tags are not suggested. */
export function suggestTags(tags: Tag[], selected: string[], query: string): Tag[] {
  const needle = query.trim().toLowerCase();
  return tags.filter((tag) => !selected.includes(tag.id) && tag.title.toLowerCase().includes(needle));
}

/** A new tag needs non-empty trimmed text that no existing title matches, ignoring case. */
export function canCreateTag(tags: Tag[], query: string): boolean {
  const title = query.trim().toLowerCase();
  return title !== '' && !tags.some((tag) => tag.title.trim().toLowerCase() === title);
}
