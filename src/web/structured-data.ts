import type { SiteSettings } from '../shared/schemas/site-settings';
import type { Edition } from '../shared/schemas/edition';
import { shownPrice } from '../shared/edition-view';
import { currencyDigits } from '../shared/price';

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

/** A price as schema.org wants it: digits and a full stop, in the currency's decimals (USD 2, JPY 0). */
const money = (price: number, currency: string) => price.toFixed(currencyDigits(currency));

/**
 * The last day a sale's price holds (`priceValidUntil` is a date: the price is gone *after* it), in
 * UTC: a sale ending at midnight ends with the day before.
 */
const lastDayOf = (endsAt: string) => new Date(Date.parse(endsAt) - 1).toISOString().slice(0, 10);

/** One edition as an `Offer`: its price as shown at `now`, its availability, the sale's end as `priceValidUntil`. */
function editionOffer(edition: Edition, base: string, now: number): JsonLd {
  const { price, compareAt } = shownPrice(edition, now);
  const currency = price === null ? null : edition.currency;
  return {
    '@type': 'Offer',
    ...(edition.name.trim() ? { name: edition.name.trim() } : {}),
    url: absoluteUrl(base, edition.buyLink),
    ...(price !== null && currency ? { price: money(price, currency), priceCurrency: currency, category: price === 0 ? 'Free' : 'Paid' } : {}),
    ...(price !== null && currency && compareAt !== null && edition.saleEndsAt ? { priceValidUntil: lastDayOf(edition.saleEndsAt) } : {}),
    availability: SCHEMA_AVAILABILITY[edition.availability],
  };
}

/**
 * One offer per edition; several are an `AggregateOffer` over the priced editions in the first priced
 * one's currency (one currency is all `lowPrice` and `highPrice` can be in): Google's product snippet
 * rules want a price on every offer and `lowPrice` with `priceCurrency` on the aggregate.
 */
function editionOffers(editions: Edition[], base: string, now: number): JsonLd {
  const offers = editions.map((edition) => editionOffer(edition, base, now));
  if (offers.length === 1) return offers[0]!;
  const currency = offers.find((offer) => typeof offer.price === 'string')?.priceCurrency;
  const priced = offers.filter((offer) => typeof offer.price === 'string' && offer.priceCurrency === currency);
  if (priced.length === 0) return { '@type': 'AggregateOffer', offerCount: offers.length, offers };
  const prices = priced.map((offer) => Number(offer.price));
  const digits = currencyDigits(String(currency));
  return {
    '@type': 'AggregateOffer',
    lowPrice: Math.min(...prices).toFixed(digits),
    highPrice: Math.max(...prices).toFixed(digits),
    priceCurrency: currency,
    offerCount: priced.length,
    offers: priced,
  };
}

/** Whether the offers claim a price: only then is the product a `Product` with a price for search results. */
const hasPrice = (offers: JsonLd) => typeof offers.price === 'string' || typeof offers.lowPrice === 'string';

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
      ...(priced ? { price: money(price, currency.toUpperCase()), priceCurrency: currency.toUpperCase(), category: price === 0 ? 'Free' : 'Paid' } : {}),
      availability: 'https://schema.org/InStock',
    },
  };
}

/**
 * The same product as a `Product`, for search results that show its price and availability (Google's
 * product snippets read `Product` only): its name, pictures, description, the site as its brand and
 * the same offers as the `Course`. None for a product without a price: a `Product` must offer one.
 */
export function product(facts: CourseFacts, base: string): JsonLd | null {
  const { offers } = course(facts, base) as { offers: JsonLd };
  if (!hasPrice(offers)) return null;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: facts.name,
    ...(facts.description ? { description: facts.description } : {}),
    url: absoluteUrl(base, facts.url),
    ...(facts.images.length ? { image: facts.images.map((image) => absoluteUrl(base, image)) } : {}),
    ...(facts.provider.name ? { brand: { '@type': 'Brand', name: facts.provider.name } } : {}),
    offers,
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
