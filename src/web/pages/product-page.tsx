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
import type { EditionView } from '../../shared/edition-view';

export function ProductPage() {
  const loaded = useLoaderData() as ProductData | NotFoundData;
  if (isNotFound(loaded)) {
    return <NotFoundScreen title="Product Not Found" message="The product you're looking for doesn't exist." />;
  }
  const { product, priceText, categories, tags, editions = [], chosen, attributes = [] } = loaded;
  const edition = editions.find((one) => one.id === chosen);
  // The hero's title is the page's one H1, the product's own title when the hero has none: said
  // again below only when the hero says something else. The description is the page's text: the
  // hero does not repeat its opening (a description written for the hero is still shown).
  const heroTitle = product.heroConfig.title || product.title;
  return (
    <div className={product.darkMode ? 'product-page theme-dark' : 'product-page'} data-dark-mode={product.darkMode} data-sale-ends={saleEnd(editions)}>
      <ItemHero hero={product.heroConfig} item={{ title: product.title, description: '', image: product.mainImage }} />
      <div className="container product-page__body">
        <header className="product-page__header">
          <div>
            {heroTitle !== product.title && <h2 className="product-page__title">{product.title}</h2>}
            <p className="product-page__duration">{product.duration}</p>
          </div>
          <BuyBar product={product} priceText={priceText} edition={edition} />
        </header>
        {editions.length > 1 && <EditionPicker editions={editions} chosen={chosen} />}
        {editions.length === 1 && edition?.badge && <p className="badge product-page__badge">{edition.badge}</p>}
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
        {attributes.length > 0 && (
          <table className="product-attributes">
            <caption>Details</caption>
            <tbody>
              {attributes.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Gallery items={product.gallery} title={product.title} />
      </div>
    </div>
  );
}

/**
 * The editions as links to this page with `?edition=`: a real choice without JavaScript (the server renders
 * the chosen one into the Buy bar), a navigation of the page's own router with it. The chosen one is marked current.
 */
function EditionPicker({ editions, chosen }: { editions: EditionView[]; chosen: string }) {
  return (
    <nav className="edition-picker" aria-label="Editions">
      <ul>
        {editions.map((edition) => (
          <li key={edition.id}>
            <Link
              className="edition-picker__choice"
              to={`?edition=${encodeURIComponent(edition.id)}`}
              replace
              aria-current={edition.id === chosen ? 'true' : undefined}
            >
              <span className="edition-picker__name">{edition.name}</span>
              {edition.compareAtText && <s className="edition-picker__was" suppressHydrationWarning>{edition.compareAtText}</s>}
              {edition.priceText && <span className="edition-picker__price" suppressHydrationWarning>{edition.priceText}</span>}
              {edition.badge && <span className="badge">{edition.badge}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The first end of a sale the page shows: the server stops serving the page then. */
const saleEnd = (editions: EditionView[]) => editions.map((edition) => edition.saleEndsAt).filter((end): end is string => end !== null).sort()[0];
