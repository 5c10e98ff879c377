import { BLOCK_ID_PATTERN } from '../shared/contact-form';

/** `?sent=<blockId>`: the contact form on a page whose message was just sent without JavaScript. */
export function readSentParam(search: URLSearchParams): string | null {
  const sent = search.get('sent') ?? '';
  return BLOCK_ID_PATTERN.test(sent) ? sent : null;
}
