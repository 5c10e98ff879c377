import { useLoaderData } from '../router';
import { Link } from '../components/link';
import type { ProductData } from '../loaders';
import { isNotFound, type NotFoundData } from '../page-data';
import { ItemHero } from '../components/hero-fallback';
import { RichText } from '../components/rich-text';
import { NotFoundScreen } from '../components/not-found-screen';
import { IntroVideo } from '../components/intro-video';
import { Gallery } from '../components/gallery';
import { BuyBar } from '../components/buy-bar';

export function ProductPage() {
  const loaded = useLoaderData() as ProductData | NotFoundData;
  if (isNotFound(loaded)) {
    return <NotFoundScreen title="Product Not Found" message="The product you're looking for doesn't exist." />;
  }
  const { product, priceText, categories, tags } = loaded;
  // The hero's title is the page's one H1, the product's own title when the hero has none: said
  // again below only when the hero says something else. The description is the page's text: the
  // hero does not repeat its opening (a description written for the hero is still shown).
  const heroTitle = product.heroConfig.title || product.title;
  return (
    <div className={product.darkMode ? 'product-page theme-dark' : 'product-page'} data-dark-mode={product.darkMode}>
      <ItemHero hero={product.heroConfig} item={{ title: product.title, description: '', image: product.mainImage }} />
      <div className="container product-page__body">
        <header className="product-page__header">
          <div>
            {heroTitle !== product.title && <h2 className="product-page__title">{product.title}</h2>}
            <p className="product-page__duration">{product.duration}</p>
          </div>
          <BuyBar product={product} priceText={priceText} />
        </header>
        {(categories.length > 0 || tags.length > 0) && (
          <div className="product-page__chips">
            {categories.length > 0 && (
              <ul className="chip-list" aria-label="Categories">
                {categories.map((category) => (
                  <li key={category.id}>
                    <Link className="chip chip--category" to={`/category/${category.slug}`}>
                      {category.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {tags.length > 0 && (
              <ul className="chip-list" aria-label="Tags">
                {tags.map((tag) => (
                  <li key={tag.id}>
                    <span className="chip">{tag.title}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="product-page__main">
          {/* Sanitised on the server before it was stored. */}
          <RichText html={product.description} className="product-page__description" />
          {product.introVideo && <IntroVideo link={product.introVideo} title={product.title} poster={product.mainImage} />}
        </div>
        <Gallery items={product.gallery} title={product.title} />
      </div>
    </div>
  );
}
