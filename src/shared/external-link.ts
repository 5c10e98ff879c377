/** An address that leaves the site: opened in a new tab (menus, calls to action). No validation library here: the public bundle uses it. */
export const isExternalHref = (href: string) => /^https?:\/\//i.test(href);
