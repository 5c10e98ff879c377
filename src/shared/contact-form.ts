// What a page's contact form and the server agree on. Kept apart from the request schemas
// so the public bundle does not carry the validation library.

/** The thank-you line when the owner wrote none. */
export const DEFAULT_SUCCESS_MESSAGE = 'Thank you: your message has been sent.';

/** The longest message a visitor may send. */
export const FORM_MESSAGE_MAX = 5000;

/** The hidden field of a form posted without JavaScript that names its block. */
export const FORM_BLOCK_FIELD = 'formBlock';

/** Block ids as the page schema allows them: what `?sent=` may name. */
export const BLOCK_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
