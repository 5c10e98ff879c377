import { slugify } from '../../shared/slugify';
import type { HeroConfigInput } from '../../shared/schemas/hero';
import {
  ABOUT_PAGE,
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  EMPTY_STATE_PALETTE,
  HOMEPAGE_HERO,
  NEWSLETTER_PALETTE,
  SHIPPED_MP4,
  productDescription,
  type DemoCategory,
  type DemoProduct,
} from './demo-data';
import type { DemoMediaWriter } from './demo-media';

const TILE = { width: 800, height: 600 };
const HERO = { width: 1600, height: 900 };
const GALLERY = { width: 1280, height: 720 };
const GALLERY_STYLES = ['orbs', 'cards', 'waves'] as const;
// Blender's "Spring" short, used where the shipped clip is missing.
const FALLBACK_VIDEO_LINK = 'https://www.youtube.com/watch?v=WhWc3b3KhnY';

export type CategoryMedia = { tileImage: string; hoverImage: string; heroImage: string; loopVideo: string };
export type ProductMedia = { mainImage: string; heroImage: string; gallery: string[]; introVideo: string };

/** Every url the demo content points at, all in the media store. */
export type DemoMediaPlan = {
  categories: CategoryMedia[];
  products: ProductMedia[];
  emptyImage: string;
  homepage: { heroImage: string; logo: string; introVideo: string; loopVideo: string };
  aboutHero: string;
  newsletterImage: string;
};

/** Draws and stores every picture (in parallel) and copies the shipped clips. */
export async function createDemoMedia(media: DemoMediaWriter, assetsDir: string | undefined): Promise<DemoMediaPlan> {
  const video = async (name: 'heroIntro' | 'heroLoop' | 'productIntro') => (assetsDir ? media.video(assetsDir, name) : '');
  const [heroIntro, heroLoop, productIntro] = await Promise.all([video('heroIntro'), video('heroLoop'), video('productIntro')]);

  const categories = Promise.all(
    DEMO_CATEGORIES.map(async (category, index): Promise<CategoryMedia> => {
      const seed = 100 + index * 10;
      const look = { palette: category.palette, style: category.style };
      const [tileImage, hoverImage, heroImage] = await Promise.all([
        media.art({ ...TILE, ...look, seed }),
        media.art({ ...TILE, ...look, seed: seed + 1 }),
        media.art({ ...HERO, ...look, seed: seed + 2 }),
      ]);
      return { tileImage, hoverImage, heroImage, loopVideo: category.withVideo ? heroLoop : '' };
    }),
  );
  const products = Promise.all(
    DEMO_PRODUCTS.map(async (product, index): Promise<ProductMedia> => {
      const seed = 1000 + index * 10;
      const look = { palette: product.palette, style: product.style };
      const [mainImage, heroImage, ...gallery] = await Promise.all([
        media.art({ ...TILE, ...look, seed }),
        media.art({ ...HERO, ...look, seed: seed + 1 }),
        // The gallery shows each course in all the styles, so the three pictures differ.
        ...[0, 1, 2].map((n) => media.art({ ...GALLERY, palette: product.palette, style: n === 0 ? product.style : (GALLERY_STYLES[(index + n) % 3] ?? product.style), seed: seed + 2 + n }, 'webp')),
      ]);
      const introVideo = product.introVideo === SHIPPED_MP4 ? productIntro || FALLBACK_VIDEO_LINK : product.introVideo;
      return { mainImage, heroImage, gallery, introVideo };
    }),
  );
  const [homeHero, logo, aboutHero, newsletterImage, emptyImage] = await Promise.all([
    media.art({ ...HERO, palette: HOMEPAGE_HERO.palette, style: 'blobs', seed: 1 }),
    media.logo(HOMEPAGE_HERO.palette),
    media.art({ ...HERO, palette: ABOUT_PAGE.palette, style: 'waves', seed: 2 }),
    media.art({ width: 1200, height: 800, palette: NEWSLETTER_PALETTE, style: 'blobs', seed: 3 }),
    media.art({ ...TILE, palette: EMPTY_STATE_PALETTE, style: 'waves', seed: 4 }),
  ]);
  return {
    categories: await categories,
    products: await products,
    emptyImage,
    homepage: { heroImage: homeHero, logo, introVideo: heroIntro, loopVideo: heroLoop },
    aboutHero,
    newsletterImage,
  };
}

export const buyLinkOf = (product: DemoProduct) => `https://example.com/courses/${slugify(product.title)}`;

const button = (text: string, link: string, extra: Partial<NonNullable<HeroConfigInput['button1']>> = {}) => ({
  isActive: true,
  text,
  link,
  color: 'primary' as const,
  variant: 'solid' as const,
  size: 'md' as const,
  ...extra,
});

export function categoryHero(category: DemoCategory, media: CategoryMedia, firstProduct: DemoProduct | undefined): HeroConfigInput {
  return {
    title: category.heroTitle,
    description: category.heroDescription,
    heroImage: media.heroImage,
    loopVideo: media.loopVideo,
    backgroundColor: category.palette[0],
    textColor: '#ffffff',
    button1: button('Start with the first course', firstProduct ? `/product/${slugify(firstProduct.title)}` : '/', { size: 'lg' }),
    button2: button('About the studio', '/about', { isActive: category.withVideo === true, color: 'secondary', variant: 'outlined' }),
  };
}

export function productHero(product: DemoProduct, media: ProductMedia): HeroConfigInput {
  const [firstCategory = ''] = product.categories;
  return {
    title: product.title,
    description: product.summary,
    heroImage: media.heroImage,
    backgroundColor: product.palette[0],
    textColor: '#ffffff',
    button1: button('Get the course', buyLinkOf(product), { size: 'lg' }),
    button2: button(`More ${firstCategory}`, `/category/${slugify(firstCategory)}`, {
      isActive: product.secondButton === true,
      color: 'secondary',
      variant: 'outlined',
    }),
  };
}

export function homepageHero(plan: DemoMediaPlan): HeroConfigInput {
  return {
    logo: plan.homepage.logo,
    title: HOMEPAGE_HERO.title,
    description: HOMEPAGE_HERO.description,
    heroImage: plan.homepage.heroImage,
    introVideo: plan.homepage.introVideo,
    loopVideo: plan.homepage.loopVideo,
    backgroundColor: HOMEPAGE_HERO.palette[0],
    textColor: '#ffffff',
    button1: button('Browse courses', `/category/${slugify(DEMO_CATEGORIES[0]?.title ?? '')}`, { size: 'lg' }),
    button2: button('About us', '/about', { color: 'secondary', variant: 'outlined', size: 'lg' }),
  };
}

export function aboutHero(plan: DemoMediaPlan): HeroConfigInput {
  return {
    title: ABOUT_PAGE.title,
    description: ABOUT_PAGE.description,
    heroImage: plan.aboutHero,
    backgroundColor: ABOUT_PAGE.palette[0],
    textColor: '#ffffff',
    button1: button('Explore the courses', '/'),
  };
}

export { productDescription };
