import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/database';
import { PRIVATE_NO_STORE } from '../cdn/cache-control';
import { HttpError } from '../http/errors';
import { HONEYPOT_FIELD } from '../../shared/newsletter-form';
import { FORM_BLOCK_FIELD } from '../../shared/contact-form';
import { FormSubmissionInputSchema, type FormSubmissionInput } from '../../shared/schemas/form-submission';
import { getPageBySlug } from '../modules/pages/page.service';
import { receiveSubmission, tooManyText } from '../modules/forms/receive-submission';
import type { FormState } from '../../web/components/blocks/form-state';

/** What the page route needs to answer a form again: the page at `identity` rendered with the form's state, uncached. */
export type RenderWithForm = (identity: string, state: FormState) => Promise<string>;

/** "email: must be a valid e-mail address" → { email: "must be a valid e-mail address" }. */
const FIELD_MESSAGE = /^([A-Za-z]\w*): (.*)$/s;

/** Every problem of the three built-in fields at once (a person fixes them in one go); the owner's fields are checked by the service. */
function builtInErrors(values: Record<string, string>): Record<string, string> {
  const parsed = FormSubmissionInputSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message.replace(/^Invalid input: /, '');
  }
  return errors;
}

/**
 * `POST /pages/{slug}`: a page's contact form sent without JavaScript (a plain urlencoded post).
 * The same path as the JSON API (receive-submission.ts: honeypot, rate limits, validation, the
 * stored row and its mail); a sent message answers 303 to the page with `?sent=<blockId>`, whose
 * render shows the form's thank-you line (a cached page like any other). A refusal renders the page
 * again, uncached, with what was typed and each problem under its field.
 */
export async function registerPageFormPost(app: FastifyInstance, renderWithForm: RenderWithForm, pageHeaders: (reply: FastifyReply) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    scope.post<{ Params: { slug: string }; Body: Record<string, unknown> | undefined }>('/pages/:slug', { config: { ownSecurityHeaders: true } }, async (request, reply) => {
      pageHeaders(reply);
      reply.header('Cache-Control', PRIVATE_NO_STORE);
      const slug = request.params.slug;
      const path = `/pages/${encodeURIComponent(slug)}`;
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const blockId = typeof body[FORM_BLOCK_FIELD] === 'string' ? (body[FORM_BLOCK_FIELD] as string) : '';
      const page = await getPageBySlug(app.ctx.db, 'visitor', slug);
      const block = page?.blocks.find((candidate) => candidate.id === blockId && candidate.type === 'contactForm');
      // No such page or form (any more): the page itself says what there is (its 404, or the page without that form).
      if (!page || !block) return reply.redirect(path, 303);

      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(body)) if (typeof value === 'string' && name !== FORM_BLOCK_FIELD) values[name] = value;
      const again = async (status: number, errors: Record<string, string>, message: string | null) => {
        const { [HONEYPOT_FIELD]: _trap, ...typed } = values;
        const html = await renderWithForm(path, { blockId, values: typed, errors, message });
        return reply.status(status).type('text/html; charset=utf-8').send(html);
      };

      // A bot's filled trap is answered like a sent message (receiveSubmission keeps nothing); people get every problem at once.
      const trapped = values[HONEYPOT_FIELD] !== undefined && values[HONEYPOT_FIELD] !== '';
      const errors = trapped ? {} : builtInErrors(values);
      if (Object.keys(errors).length > 0) return again(400, errors, null);
      try {
        // Checked above: the three built-in fields are there and valid.
        const received = await receiveSubmission(app.ctx, request.ip, page.id, blockId, values as FormSubmissionInput);
        if ('limited' in received) {
          reply.header('Retry-After', String(received.limited.retryAfterSeconds));
          return again(429, {}, tooManyText(received.limited.retryAfterSeconds));
        }
        return reply.redirect(`${path}?sent=${encodeURIComponent(blockId)}#${encodeURIComponent(blockId)}`, 303);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
        const match = FIELD_MESSAGE.exec(error.message);
        return match ? again(400, { [match[1]!]: match[2]! }, null) : again(400, {}, error.message);
      }
    });
  });
}

/**
 * The contact forms' block ids of each page, read once per content version: an address with
 * `?sent=` naming no form of the page is answered without a render (a made-up id never costs one).
 */
export class ContactFormIds {
  private version = -1;
  private readonly bySlug = new Map<string, ReadonlySet<string>>();

  constructor(
    private readonly db: Db,
    private readonly currentVersion: () => number,
  ) {}

  /** `segment`: the page's slug as the address writes it (percent-encoded or not). */
  async of(segment: string): Promise<ReadonlySet<string>> {
    let slug: string;
    try {
      slug = decodeURIComponent(segment);
    } catch {
      return new Set();
    }
    if (this.version !== this.currentVersion()) {
      this.bySlug.clear();
      this.version = this.currentVersion();
    }
    let ids = this.bySlug.get(slug);
    if (!ids) {
      const page = await getPageBySlug(this.db, 'visitor', slug);
      ids = new Set(page?.blocks.flatMap((block) => (block.type === 'contactForm' ? [block.id] : [])) ?? []);
      // Slugs come from the set of known pages (known-addresses.ts), so this stays small; bounded all the same.
      if (this.bySlug.size >= 5000) this.bySlug.clear();
      this.bySlug.set(slug, ids);
    }
    return ids;
  }
}
