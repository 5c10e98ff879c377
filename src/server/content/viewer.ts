/**
 * Who a read is for. Visitors see only what is published (or scheduled and
 * due); the admin sees drafts too. Every read of products and categories
 * takes one, so a forgotten route cannot show a draft. A request's viewer:
 * modules/auth/viewer-of.ts.
 */
export type Viewer = 'visitor' | 'admin';
