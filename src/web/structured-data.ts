import type { SiteSettings } from '../shared/schemas/site-settings';
import type { Edition } from '../shared/schemas/edition';
import { shownPrice } from '../shared/edition-view';

/**
 * schema.org descriptions of the public pages (JSON-LD), as plain objects.
 * Every URL in them is absolute: `base` is the site's public address.
 */

export type JsonLd = Record<string, unknown>;

/** A product's price, when it has one: `price` in major units, `currency` an ISO 4217 code. */
export type OfferFacts = { price?: number | null; currency?: string | null };

type Link = { name: string; url: string };

/** Site-relative paths become absolute; absolute URLs stay as they are. */
export const absoluteUrl = (base: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);

const CONTEXT = 'https://schema.org';

export function organization(site: SiteSettings, base: string, logo: string | undefined): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${base}/#organization`,
    name: site.name,
    url: `${base}/`,
    ...(logo ? { logo: absoluteUrl(base, logo) } : {}),
    ...(site.contactEmail ? { email: site.contactEmail } : {}),
    ...(site.socialLinks.length ? { sameAs: site.socialLinks.map((link) => link.url) } : {}),
  };
}

/** The site with its search box: Google may offer a search field for it in results. */
export function webSite(site: SiteSettings, base: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${base}/#website`,
    name: site.name,
    ...(site.tagline ? { description: site.tagline } : {}),
    url: `${base}/`,
    publisher: { '@id': `${base}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${base}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function breadcrumbList(trail: Link[], base: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((link, index) => ({ '@type': 'ListItem', position: index + 1, name: link.name, item: absoluteUrl(base, link.url) })),
  };
}

/** The products a category page lists, in their order (a summary list: each entry points at its own page). */
export function itemList(name: string, items: Link[], base: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((link, index) => ({ '@type': 'ListItem', position: index + 1, name: link.name, url: absoluteUrl(base, link.url) })),
  };
}

type CourseFacts = {
  name: string;
  description: string;
  url: string;
  images: string[];
  buyLink: string;
  provider: SiteSettings;
  offer?: OfferFacts | undefined;
  /** Each edition is an offer (issue 28); without them, one offer from `offer` and `buyLink`. */
  editions?: Edition[] | undefined;
  /** The time the page is made at: a sale past its end offers the price before it. */
  now?: number;
};

const SCHEMA_AVAILABILITY: Record<Edition['availability'], string> = {
  available: 'https://schema.org/InStock',
  preorder: 'https://schema.org/PreOrder',
  // Announced, not yet sold: nothing can be ordered.
  coming_soon: 'https://schema.org/OutOfStock',
  sold_out: 'https://schema.org/SoldOut',
};

const money = (price: number) => price.toFixed(2);

/** One edition as an `Offer`: its price as shown at `now`, its availability, the sale's end as `priceValidUntil`. */
function editionOffer(edition: Edition, base: string, now: number): JsonLd {
  const { price, compareAt } = shownPrice(edition, now);
  const priced = price !== null && edition.currency !== null;
  return {
    '@type': 'Offer',
    ...(edition.name ? { name: edition.name } : {}),
    url: absoluteUrl(base, edition.buyLink),
    ...(priced ? { price: money(price), priceCurrency: edition.currency, category: price === 0 ? 'Free' : 'Paid' } : {}),
    ...(priced && compareAt !== null && edition.saleEndsAt ? { priceValidUntil: edition.saleEndsAt.slice(0, 10) } : {}),
    availability: SCHEMA_AVAILABILITY[edition.availability],
  };
}

/** One offer per edition; several are an `AggregateOffer` with the lowest and highest price in the first edition's currency. */
function editionOffers(editions: Edition[], base: string, now: number): JsonLd {
  const offers = editions.map((edition) => editionOffer(edition, base, now));
  if (offers.length === 1) return offers[0]!;
  const currency = editions.find((edition) => edition.currency !== null)?.currency ?? null;
  const prices = offers.filter((offer) => offer.priceCurrency === currency && typeof offer.price === 'string').map((offer) => Number(offer.price));
  return {
    '@type': 'AggregateOffer',
    ...(prices.length && currency ? { lowPrice: money(Math.min(...prices)), highPrice: money(Math.max(...prices)), priceCurrency: currency } : {}),
    offerCount: offers.length,
    offers,
  };
}

/**
 * A product is a tutorial or course: `Course`, offered by the site, bought
 * through its buy link. Price and currency appear only when both are known
 * (a price without a currency means nothing to a search engine).
 */
export function course(facts: CourseFacts, base: string): JsonLd {
  const { price, currency } = facts.offer ?? {};
  const priced = typeof price === 'number' && Number.isFinite(price) && typeof currency === 'string' && currency !== '';
  return {
    '@context': CONTEXT,
    '@type': 'Course',
    name: facts.name,
    description: facts.description,
    url: absoluteUrl(base, facts.url),
    ...(facts.images.length ? { image: facts.images.map((image) => absoluteUrl(base, image)) } : {}),
    provider: { '@type': 'Organization', name: facts.provider.name, sameAs: `${base}/` },
    offers: facts.editions?.length ? editionOffers(facts.editions, base, facts.now ?? Date.now()) : {
      '@type': 'Offer',
      url: absoluteUrl(base, facts.buyLink),
      ...(priced ? { price: price.toFixed(2), priceCurrency: currency.toUpperCase(), category: price === 0 ? 'Free' : 'Paid' } : {}),
      availability: 'https://schema.org/InStock',
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` are
 * written as \u escapes so no text can close the script element or open a
 * comment, and U+2028/2029 so old parsers do not end a line inside a string.
 * The parsed value is unchanged.
 */
/** A page's questions and answers (a FAQ block), as search engines read them. Answers keep their sanitised HTML. */
export function faqPage(items: { question: string; answer: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
  };
}

export const serializeJsonLd = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
