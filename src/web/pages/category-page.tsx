import { useLoaderData, useLocation, useNavigate, useNavigation } from '../router';
import type { CategoryData } from '../loaders';
import { isNotFound, type NotFoundData } from '../page-data';
import { categorySearch, readCategoryParams } from '../category-params';
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
  const { search } = useLocation();
  if (isNotFound(loaded)) {
    return <NotFoundScreen title="Category Not Found" message="The category you're looking for doesn't exist." />;
  }
  // A new category, page or tag selection starts its own list of appended pages.
  return <CategoryView key={`${loaded.category.id}${search}`} data={loaded} />;
}

const toggled = (tags: string[], slug: string) => (tags.includes(slug) ? tags.filter((t) => t !== slug) : [...tags, slug]);

function CategoryView({ data }: { data: CategoryData }) {
  const { category, tags, selected, page, hasProducts } = data;
  const more = useMoreProducts({ category: category.slug, tags: selected, products: data.products, nextCursor: data.nextCursor });
  const navigate = useNavigate();
  const navigation = useNavigation();
  const path = `/category/${category.slug}`;
  const hrefOf = (params: { page: number; tags: string[] }) => `${path}${categorySearch(params)}`;

  // While the filtered list loads, the chips already show the choice just made.
  const pending = navigation.location?.pathname === path ? readCategoryParams(new URLSearchParams(navigation.location.search)).tags : null;
  const shownTags = new Set(pending ?? selected);
  const toggle = (slug: string) => {
    void navigate(hrefOf({ page: 1, tags: toggled([...shownTags], slug) }), { preventScrollReset: true, replace: true });
  };

  const visible = more.products;
  const lastShownPage = page + more.pagesAdded;
  return (
    <>
      <ItemHero hero={category.heroConfig} item={{ title: category.title, description: category.description, image: category.tileImage }} headingLevel={2} />
      <section className="section container" aria-labelledby="browse-title">
        <h1 className="section__title" id="browse-title">
          Browse {category.title}
        </h1>
        {tags.length > 0 && (
          <TagFilter tags={tags} selected={shownTags} hrefFor={(slug) => hrefOf({ page: 1, tags: toggled(selected, slug) })} onToggle={toggle} />
        )}
        {!hasProducts ? (
          <div className="empty-state">
            <Picture src={category.emptyImage || defaultEmptyImage} alt="" sizes="480px" width={480} height={360} />
            <p>There are no products in this category yet. Check back soon!</p>
          </div>
        ) : visible.length > 0 ? (
          <>
            <ProductGrid products={visible} perRow={category.itemsPerRow} cardHeading="h2" />
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
        ) : (
          <p className="empty-note">No products match the selected tags.</p>
        )}
      </section>
      {visible.length === 0 && <Newsletter />}
    </>
  );
}
