import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { isNotFound, type CategoryData, type NotFoundData } from '../loaders';
import { Hero } from '../components/hero';
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
  // Keyed by category so the tag filter starts empty on every category.
  return <CategoryView key={loaded.category.id} data={loaded} />;
}

function CategoryView({ data }: { data: CategoryData }) {
  const { category, products, tags } = data;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // A product stays only if it carries every selected tag.
  const visible = products.filter((product) => [...selected].every((id) => product.tags.includes(id)));

  return (
    <>
      <Hero config={category.heroConfig} headingLevel={2} />
      <section className="section container" aria-labelledby="browse-title">
        <h1 className="section__title" id="browse-title">
          Browse {category.title}
        </h1>
        {tags.length > 0 && <TagFilter tags={tags} selected={selected} onToggle={toggle} />}
        {products.length === 0 ? (
          <div className="empty-state">
            <Picture src={category.emptyImage || defaultEmptyImage} alt="" sizes="480px" width={480} height={360} />
            <p>There are no products in this category yet. Check back soon!</p>
          </div>
        ) : visible.length > 0 ? (
          <ProductGrid products={visible} perRow={category.itemsPerRow} cardHeading="h2" />
        ) : (
          <p className="empty-note">No products match the selected tags.</p>
        )}
      </section>
      {visible.length === 0 && <Newsletter />}
    </>
  );
}
