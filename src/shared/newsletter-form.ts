// What the public sign-up form and the server agree on. Kept apart from the
// request schemas so the public bundle does not carry the validation library.

/**
 * The name of the form's hidden honeypot field: people never see it, form-filling
 * bots do. A filled one gets the usual success answer and nothing is stored.
 */
export const HONEYPOT_FIELD = 'website';

/** The form's message when a confirmation mail is on its way. */
export const CHECK_INBOX_MESSAGE = 'Almost there! Please check your inbox and click the link to confirm your subscription.';
