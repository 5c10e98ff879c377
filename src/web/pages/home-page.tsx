import { useLoaderData, useRouteLoaderData } from '../router';
import { Link } from '../components/link';
import type { HomeData, RootData } from '../loaders';
import { Hero } from '../components/hero';
import { CategoryTile } from '../components/category-tile';
import { ProductGrid } from '../components/product-card';
import { Newsletter } from '../components/newsletter';

export function HomePage() {
  const { hero, sections: loaded } = useLoaderData() as HomeData;
  const { categories, site } = useRouteLoaderData('root') as RootData;
  const sections = loaded.flatMap((section) => {
    const category = categories.find((c) => c.id === section.categoryId);
    return category ? [{ category, products: section.products }] : [];
  });

  return (
    <>
      <Hero config={hero} />
      {/* Every page has one H1: the hero's title, or the site's name where the hero has none. */}
      {!hero.title && <h1 className="visually-hidden">{site.name}</h1>}
      {categories.length > 0 && (
        <section className="section container" aria-labelledby="categories-title">
          <h2 className="section__title" id="categories-title">
            Categories
          </h2>
          <ul className="category-grid">
            {categories.map((category) => (
              <li key={category.id}>
                <CategoryTile category={category} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {sections.map(({ category, products: items }) => (
        <section key={category.id} className="section container" aria-labelledby={`latest-${category.id}`}>
          <div className="section__header">
            <h2 className="section__title" id={`latest-${category.id}`}>
              Latest {category.title}
            </h2>
            <Link className="section__more" to={`/category/${category.slug}`} aria-label={`View all ${category.title}`}>
              View all
            </Link>
          </div>
          <ProductGrid products={items} perRow={2} />
        </section>
      ))}
      <Newsletter />
    </>
  );
}
