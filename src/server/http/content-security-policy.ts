/**
 * The same for every visitor (no per-request nonces), so public HTML stays
 * cacheable. Server-rendered data travels in a JSON script tag, which is not
 * executed. The one inline script, the client build's starter (decision 048),
 * is allowed by its hash (security-headers.ts); no other inline script runs.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React style props and the rich-text editor's inline formatting.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  // Embedded intro videos, created when the visitor clicks play. Their still
  // is the product's own image.
  frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};
