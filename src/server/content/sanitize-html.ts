import sanitizeHtml from 'sanitize-html';

/**
 * Rich HTML (product description, about content) comes from the admin's
 * Quill 2 editor and is shown to every visitor, so it is cleaned on save
 * against an allow-list that keeps exactly the editor's formatting: no
 * scripts, frames, event handlers or script URLs.
 */

const INDENT_CLASSES = Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`);
const FORMAT_CLASSES = [
  'ql-size-small',
  'ql-size-large',
  'ql-size-huge',
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  ...INDENT_CLASSES,
];

// Colours as Quill writes them (hex or rgb()) or a plain colour name.
const SAFE_COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
const SAFE_STYLES = {
  color: SAFE_COLOR,
  'background-color': SAFE_COLOR,
  'text-align': [/^(?:left|right|center|justify)$/],
};

const BLOCK_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'blockquote', 'pre', 'ol', 'ul', 'li'];
const INLINE_TAGS = ['br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'span', 'a', 'img', 'code', 'sub', 'sup'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    // Quill 2 writes bullet lists as <ol><li data-list="bullet">.
    li: ['data-list'],
    '*': ['class', 'style'],
  },
  allowedClasses: {
    '*': FORMAT_CLASSES,
    pre: [...FORMAT_CLASSES, 'ql-syntax'],
  },
  allowedStyles: { '*': SAFE_STYLES },
  // Site-relative paths carry no scheme and stay allowed; these are the only schemes.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // "//host/x" would load from another site while looking like a path.
  allowProtocolRelative: false,
  // An image whose source was removed as unsafe would only show a broken icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  // Script and style bodies are dropped together with their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title'],
  transformTags: {
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      if (next.target !== undefined && next.target !== '_blank') delete next.target;
      // A page opened in a new tab must not reach back to ours through window.opener.
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      else delete next.rel;
      return { tagName, attribs: next };
    },
    li: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      if (next['data-list'] !== undefined && !/^(?:bullet|ordered|checked|unchecked)$/.test(next['data-list'])) {
        delete next['data-list'];
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      for (const size of ['width', 'height'] as const) {
        if (next[size] !== undefined && !/^\d{1,5}(?:px|%)?$/.test(next[size])) delete next[size];
      }
      return { tagName, attribs: next };
    },
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when the HTML shows nothing: "", whitespace, "<p></p>", "<p><br></p>" and the like. */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim();
  return text === '';
}
