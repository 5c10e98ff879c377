import { useLoaderData, useLocation, useNavigate, useRouteLoaderData } from '../router';
import { Link } from '../components/link';
import type { RootData } from '../loaders';
import type { SearchData, SearchResultData } from '../search-loader';
import type { PageSearchHit } from '../../shared/schemas/search';
import { MAX_QUERY_LENGTH } from '../../shared/search-text';
import { readSearchParams, searchQueryString, SEARCH_PAGE_SIZE } from '../search-params';
import { FacetForm, PRODUCT_SORT_OPTIONS } from '../components/facet-form';
import { MarkedText } from '../components/marked-text';
import { Picture } from '../images/picture';
import { Price } from '../components/price';

const found = (total: number) => (total === 1 ? '1 product found' : `${total} products found`);

/** `/search?q=…`: a real GET form and server-rendered results, so it all works without JavaScript. */
/** The search's own order first (its ranking, decision 077), then the catalogue's sorts. */
const SEARCH_SORTS = [{ value: '' as const, label: 'Best match' }, ...PRODUCT_SORT_OPTIONS];

export function SearchPage() {
  const data = useLoaderData() as SearchData;
  const { q, page, hits, total, hasNext, pages = [], facets = [], chosen = {}, sort } = data;
  const { search } = useLocation();
  const navigate = useNavigate();
  const hrefOf = (n: number) => `/search${searchQueryString({ q, page: n, sort, facets: chosen })}`;
  // With JavaScript the form's choices are followed in place, in the address's normal form.
  const apply = (params: URLSearchParams) => {
    const read = readSearchParams(params);
    void navigate(`/search${searchQueryString({ ...read, q, page: 1 })}`, { preventScrollReset: true, replace: true });
  };
  const narrowed = Object.keys(chosen).length > 0;
  return (
    <section className="section container search-page" aria-labelledby="search-title">
      <h1 className="section__title" id="search-title">
        {q ? `Search results for “${q}”` : 'Search'}
      </h1>
      {/* Keyed by the words: a new search starts with its own words in the box. */}
      <form key={q} className="search-page__form" action="/search" method="get" role="search" aria-label="Search products">
        <label className="search-page__label" htmlFor="search-page-q">
          Search products
        </label>
        <input id="search-page-q" className="search-page__input" type="search" name="q" defaultValue={q} maxLength={MAX_QUERY_LENGTH} required />
        <button className="btn search-page__button" type="submit">
          Search
        </button>
      </form>
      {q && pages.length > 0 && <PageResults pages={pages} />}
      {q && (total > 0 || narrowed) && (
        <FacetForm key={search} action="/search" facets={facets} chosen={chosen} sort={sort ?? ''} sorts={SEARCH_SORTS} keep={{ q }} onApply={apply} />
      )}
      {q && total > 0 && (
        <>
          <p className="search-page__count" role="status">
            {found(total)}
          </p>
          <ol className="search-results" start={(page - 1) * SEARCH_PAGE_SIZE + 1}>
            {hits.map((hit) => (
              <SearchResult key={hit.id} hit={hit} />
            ))}
          </ol>
          {(page > 1 || hasNext) && (
            <nav className="pager" aria-label="Pages">
              {page > 1 && (
                <a className="pager__link" rel="prev" href={hrefOf(page - 1)}>
                  Previous page
                </a>
              )}
              {hasNext && (
                <a className="pager__link pager__link--next" rel="next" href={hrefOf(page + 1)}>
                  Next page
                </a>
              )}
            </nav>
          )}
        </>
      )}
      {q && total === 0 && (narrowed ? <p className="search-page__count" role="status">No products match the chosen filters.</p> : <NoResults q={q} />)}
    </section>
  );
}

/** The site's own pages that match (Privacy, FAQ…), above the products. */
function PageResults({ pages }: { pages: PageSearchHit[] }) {
  return (
    <section className="search-page__pages" aria-label="Pages">
      <ul className="search-results search-results--pages">
        {pages.map((hit) => (
          <li key={hit.id} className="search-result">
            <Link to={`/pages/${hit.slug}`} className="search-result__link">
              <div className="search-result__body">
                <h2 className="search-result__title">
                  <MarkedText pieces={hit.marked.title} />
                </h2>
                {hit.marked.excerpt.length > 0 && (
                  <p className="search-result__excerpt">
                    <MarkedText pieces={hit.marked.excerpt} />
                  </p>
                )}
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SearchResult({ hit }: { hit: SearchResultData }) {
  const { marked } = hit;
  const labels = [...marked.categories, ...marked.tags];
  return (
    <li className="search-result" data-sale-ends={hit.saleEndsAt}>
      <Link to={`/product/${hit.slug}`} className="search-result__link">
        <div className="search-result__media">
          <Picture src={hit.mainImage} alt="" sizes="160px" width={320} height={180} />
        </div>
        <div className="search-result__body">
          <h2 className="search-result__title">
            <MarkedText pieces={marked.title} />
          </h2>
          {hit.badge && <p className={`badge badge--${hit.badge.toLowerCase().replace(/[^a-z]+/g, '-')}`}>{hit.badge}</p>}
          {marked.info.length > 0 && (
            <p className="search-result__info">
              <MarkedText pieces={marked.info} />
            </p>
          )}
          <Price text={hit.priceText} as="p" className="search-result__price" />
          {marked.excerpt.length > 0 && (
            <p className="search-result__excerpt">
              <MarkedText pieces={marked.excerpt} />
            </p>
          )}
          {labels.length > 0 && (
            <ul className="search-result__labels">
              {labels.map((pieces, index) => (
                <li key={index} className="search-result__label">
                  <MarkedText pieces={pieces} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </Link>
    </li>
  );
}

/** Still a page (200): the visitor is offered the categories instead. */
function NoResults({ q }: { q: string }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const categories = root?.categories ?? [];
  return (
    <div className="empty-state search-page__empty">
      <p>No products match “{q}”.</p>
      {categories.length > 0 && (
        <>
          <p>Try other words, or browse a category:</p>
          <ul className="search-page__categories">
            {categories.map((category) => (
              <li key={category.id}>
                <Link className="chip" to={`/category/${category.slug}`}>
                  {category.title}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
