/**
 * The slug rule: lower-case; trim; drop every character other than
 * letters, digits, underscore, whitespace and hyphen; runs of whitespace or
 * underscores become one hyphen; leading and trailing hyphens are removed.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
