import { useRef, type MouseEvent } from 'react';
import { useLoaderData, useLocation, useNavigate, useNavigation } from '../router';
import type { CategoryData } from '../loaders';
import { isNotFound, type NotFoundData } from '../page-data';
import { categorySearch, readCategoryParams, type CategoryParams } from '../category-params';
import { FacetForm } from '../components/facet-form';
import { useMoreProducts } from '../hooks/use-more-products';
import { ItemHero } from '../components/hero-fallback';
import { ProductGrid } from '../components/product-card';
import { Newsletter } from '../components/newsletter';
import { TagFilter } from '../components/tag-chips';
import { NotFoundScreen } from '../components/not-found-screen';
import { Picture } from '../images/picture';
import defaultEmptyImage from '../assets/empty-state-default.svg';

export function CategoryPage() {
  const loaded = useLoaderData() as CategoryData | NotFoundData;
  if (isNotFound(loaded)) {
    return <NotFoundScreen title="Category Not Found" message="The category you're looking for doesn't exist." />;
  }
  // The filter stays across tag choices, so the chip just pressed keeps the focus.
  return <CategoryView key={loaded.category.id} data={loaded} />;
}

const toggled = (tags: string[], slug: string) => (tags.includes(slug) ? tags.filter((t) => t !== slug) : [...tags, slug]);

/**
 * The results' id: a chip or "Clear filters" followed without JavaScript lands there, not at the top
 * of the page, so a phone shows what the choice changed (the results sit under a tall hero).
 */
const RESULTS_ID = 'results';

const countText = (total: number) => (total === 1 ? '1 product' : `${total} products`);

/**
 * A choice made low on the screen (on a phone the filter sits under a tall hero) brings the
 * filter and the first results up, so the visitor sees what it changed.
 */
function bringResultsIntoView(section: HTMLElement | null) {
  if (!section || section.getBoundingClientRect().top < window.innerHeight / 3) return;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}

function CategoryView({ data }: { data: CategoryData }) {
  const { category, tags, selected, total, facets, chosen, sort } = data;
  const { search } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const section = useRef<HTMLElement>(null);
  const path = `/category/${category.slug}`;
  // Tags, facets and the sort go together: a choice of one keeps the others.
  const hrefOf = (params: CategoryParams) => `${path}${categorySearch({ sort, facets: chosen, ...params })}`;
  const resultsHrefOf = (params: CategoryParams) => `${hrefOf(params)}#${RESULTS_ID}`;

  // While the filtered list loads, the chips already show the choice just made.
  const pending = navigation.location?.pathname === path ? readCategoryParams(new URLSearchParams(navigation.location.search)).tags : null;
  const shownTags = new Set(pending ?? selected);
  const go = (tagsNow: string[]) => navigate(hrefOf({ page: 1, tags: tagsNow }), { preventScrollReset: true, replace: true });
  const apply = (search: URLSearchParams) => {
    const params = readCategoryParams(search);
    void navigate(`${path}${categorySearch({ ...params, page: 1, tags: selected })}`, { preventScrollReset: true, replace: true });
  };
  const toggle = (slug: string) => {
    void go(toggled([...shownTags], slug));
    bringResultsIntoView(section.current);
  };
  const clear = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // The link goes with the empty result: focus moves to the first chip rather than to the page.
    section.current?.querySelector<HTMLElement>('.chip--toggle')?.focus();
    void navigate(path, { preventScrollReset: true, replace: true });
  };

  return (
    <>
      <ItemHero hero={category.heroConfig} item={{ title: category.title, description: category.description, image: category.tileImage }} />
      <section className="section container category-results" id={RESULTS_ID} aria-labelledby="browse-title" ref={section}>
        <h2 className="section__title" id="browse-title">
          Browse {category.title}
        </h2>
        {tags.length > 0 && (
          <TagFilter tags={tags} selected={shownTags} hrefFor={(slug) => resultsHrefOf({ page: 1, tags: toggled(selected, slug) })} onToggle={toggle}>
            {/* Said when a choice has changed the list; the server's first count is only read. */}
            <p className="tag-filter__count" role="status" aria-live="polite">
              {data.hasProducts ? countText(total) : ''}
            </p>
          </TagFilter>
        )}
        {/* Keyed by the address, so a new choice shows the fields as read from it; siblings' keys differ (one list of children). */}
        {facets.length > 0 && <FacetForm key={`facets${search}`} action={path} facets={facets} chosen={chosen} sort={sort} keep={selected.length > 0 ? { tags: selected.join(',') } : {}} onApply={apply} />}
        {facets.length > 0 && tags.length === 0 && data.hasProducts && <p className="facet-form__count" role="status">{countText(total)}</p>}
        <CategoryResults key={`results${search}`} data={data} hrefOf={hrefOf} clearHref={`${path}#${RESULTS_ID}`} onClear={clear} />
      </section>
      {total === 0 && <Newsletter />}
    </>
  );
}

type ResultsProps = {
  data: CategoryData;
  hrefOf: (params: CategoryParams) => string;
  clearHref: string;
  onClear: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** One tag selection's products: a new selection or page starts its own list of appended pages. */
function CategoryResults({ data, hrefOf, clearHref, onClear }: ResultsProps) {
  const { category, selected, page, hasProducts } = data;
  const more = useMoreProducts({ category: category.slug, tags: selected, attributes: data.chosen, sort: data.sort, products: data.products, nextCursor: data.nextCursor });
  const visible = more.products;
  const lastShownPage = page + more.pagesAdded;

  if (!hasProducts) {
    return (
      <div className="empty-state">
        <Picture src={category.emptyImage || defaultEmptyImage} alt="" sizes="480px" width={480} height={360} />
        <p>There are no products in this category yet. Check back soon!</p>
      </div>
    );
  }
  if (visible.length === 0) {
    return (
      <div className="empty-note">
        <p>No products match the selected tags.</p>
        <a className="btn btn-primary btn-outlined btn-md" href={clearHref} onClick={onClear}>
          Clear filters
        </a>
      </div>
    );
  }
  return (
    <>
      <ProductGrid products={visible} perRow={category.itemsPerRow} cardHeading="h3" />
      <div ref={more.sentinel} aria-hidden="true" />
      {(page > 1 || more.nextCursor) && (
        <nav className="pager" aria-label="Pages">
          {page > 1 && (
            <a className="pager__link" rel="prev" href={hrefOf({ page: page - 1, tags: selected })}>
              Previous page
            </a>
          )}
          {more.nextCursor && (
            <a className="pager__link pager__link--next" rel="next" href={hrefOf({ page: lastShownPage + 1, tags: selected })}>
              Next page
            </a>
          )}
        </nav>
      )}
    </>
  );
}
