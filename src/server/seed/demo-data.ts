import type { ArtStyle, Palette } from './demo-images';

/**
 * The demo brand: a design-and-learning studio selling tutorial courses.
 * Plain data; seed-demo.ts draws the pictures and writes it all through the
 * content services.
 */
export type DemoCategory = {
  title: string;
  description: string;
  heroTitle: string;
  heroDescription: string;
  palette: Palette;
  style: ArtStyle;
  itemsPerRow: number;
  /** Uses the shipped looping clip as its tile video and hero loop. */
  withVideo?: boolean;
};

/** A YouTube link (embedded) or `SHIPPED_MP4` (played from the media store). */
export const SHIPPED_MP4 = 'shipped-mp4';

export type DemoProduct = {
  title: string;
  duration: string;
  /** Category titles. */
  categories: string[];
  /** Tag titles. */
  tags: string[];
  palette: Palette;
  style: ArtStyle;
  summary: string;
  outcomes: string[];
  introVideo: string;
  darkMode?: boolean;
  secondButton?: boolean;
  /** Some courses show a price; the others leave it to the shop behind Buy Now. */
  price?: { amount: number; currency: string };
};

export const DEMO_TAGS = ['Beginner', 'Advanced', 'Procreate', 'Figma', 'Blender', 'After Effects', 'Color Theory', 'Portfolio'];

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    title: 'Illustration',
    description: 'Draw characters, scenes and editorial pieces with confidence, from first sketch to final colour.',
    heroTitle: 'Illustration courses',
    heroDescription: 'Build a personal style with step-by-step projects taught by working illustrators.',
    palette: ['#7c2d12', '#ea580c', '#fde047', '#f9a8d4'],
    style: 'blobs',
    itemsPerRow: 2,
  },
  {
    title: 'Typography',
    description: 'Choose, pair and shape type so every layout reads clearly and feels intentional.',
    heroTitle: 'Typography courses',
    heroDescription: 'From type pairing basics to variable fonts and custom lettering.',
    palette: ['#111827', '#4b5563', '#facc15', '#f97316'],
    style: 'bars',
    itemsPerRow: 3,
  },
  {
    title: '3D & Motion',
    description: 'Add depth and movement to your work with approachable 3D and animation workflows.',
    heroTitle: '3D & Motion courses',
    heroDescription: 'Model, light, render and animate: projects that bring your designs to life.',
    palette: ['#312e81', '#7c3aed', '#22d3ee', '#f472b6'],
    style: 'orbs',
    itemsPerRow: 2,
    withVideo: true,
  },
  {
    title: 'UI Design',
    description: 'Design interfaces people enjoy using, with systems that scale from one screen to a whole product.',
    heroTitle: 'UI Design courses',
    heroDescription: 'Layouts, components, design systems and the details that make an interface feel right.',
    palette: ['#0c4a6e', '#2563eb', '#34d399', '#fbbf24'],
    style: 'cards',
    itemsPerRow: 2,
  },
];

// Blender Foundation open films: real, long-lived videos with 11-character ids.
const BIG_BUCK_BUNNY = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const SINTEL = 'https://www.youtube.com/watch?v=eRsGyueVLvQ';
const TEARS_OF_STEEL = 'https://youtu.be/R6MlUcmOul8';

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    title: 'Character Design Fundamentals',
    duration: '3 hours - 18 lessons',
    categories: ['Illustration'],
    tags: ['Beginner', 'Procreate', 'Color Theory'],
    palette: ['#9a3412', '#fb923c', '#fef08a', '#f472b6'],
    style: 'blobs',
    summary: 'Learn how shape language, silhouette and colour give a character personality before a single detail is drawn.',
    outcomes: ['Sketch expressive poses from simple shapes', 'Build a limited palette that tells a story', 'Turn a rough into a clean, coloured character sheet'],
    introVideo: BIG_BUCK_BUNNY,
    price: { amount: 49, currency: 'USD' },
  },
  {
    title: 'Editorial Illustration Masterclass',
    duration: '5 hours - 24 lessons',
    categories: ['Illustration'],
    tags: ['Advanced', 'Procreate', 'Portfolio'],
    palette: ['#831843', '#db2777', '#fcd34d', '#a5f3fc'],
    style: 'waves',
    summary: 'Work like an editorial illustrator: read a brief, find the idea, and deliver a finished piece on a deadline.',
    outcomes: ['Generate visual metaphors from an article', 'Compose for magazine and web crops', 'Present work that wins repeat clients'],
    introVideo: SHIPPED_MP4,
    secondButton: true,
    price: { amount: 79.99, currency: 'USD' },
  },
  {
    title: 'Textured Vector Landscapes',
    duration: '2 hours - 12 lessons',
    categories: ['Illustration'],
    tags: ['Beginner', 'Color Theory'],
    palette: ['#14532d', '#22c55e', '#fde68a', '#fb7185'],
    style: 'waves',
    summary: 'Create calm, layered landscapes with vector shapes and grain textures that print beautifully.',
    outcomes: ['Layer depth with atmospheric colour', 'Add grain and texture without losing crisp edges', 'Export for print and screen'],
    introVideo: SINTEL,
  },
  {
    title: 'Type Pairing in Practice',
    duration: '2 hours - 10 lessons',
    categories: ['Typography'],
    tags: ['Beginner', 'Figma'],
    palette: ['#1f2937', '#6b7280', '#fde047', '#38bdf8'],
    style: 'bars',
    summary: 'Stop guessing: a practical method for pairing typefaces that work together on every screen size.',
    outcomes: ['Read the anatomy that makes fonts compatible', 'Build a type scale in Figma', 'Pair fonts for brands, editorial and UI'],
    introVideo: SHIPPED_MP4,
  },
  {
    title: 'Variable Fonts from Scratch',
    duration: '4 hours - 20 lessons',
    categories: ['Typography'],
    tags: ['Advanced', 'Figma'],
    palette: ['#0f172a', '#334155', '#f97316', '#a3e635'],
    style: 'bars',
    summary: 'Understand axes, masters and interpolation, then put variable fonts to work in responsive layouts.',
    outcomes: ['Design weight and width axes', 'Animate type with variable axes', 'Ship variable fonts on the web'],
    introVideo: TEARS_OF_STEEL,
    darkMode: true,
    price: { amount: 59, currency: 'EUR' },
  },
  {
    title: 'Lettering for Brand Identity',
    duration: '3 hours - 15 lessons',
    categories: ['Typography', 'Illustration'],
    tags: ['Procreate', 'Portfolio'],
    palette: ['#4c0519', '#e11d48', '#fef3c7', '#facc15'],
    style: 'blobs',
    summary: 'Draw custom lettering for logos and packaging, and vectorise it into a polished brand mark.',
    outcomes: ['Sketch letterforms with consistent rhythm', 'Refine curves and spacing', 'Deliver a lettering logo in every format a brand needs'],
    introVideo: SHIPPED_MP4,
    secondButton: true,
  },
  {
    title: 'Blender for Designers',
    duration: '6 hours - 30 lessons',
    categories: ['3D & Motion'],
    tags: ['Beginner', 'Blender'],
    palette: ['#1e1b4b', '#6366f1', '#f0abfc', '#67e8f9'],
    style: 'orbs',
    summary: 'A friendly start in 3D: model, light and render simple scenes that fit straight into your design work.',
    outcomes: ['Find your way around Blender', 'Light a scene like a product photographer', 'Render transparent images for layouts'],
    introVideo: BIG_BUCK_BUNNY,
    darkMode: true,
    price: { amount: 39.5, currency: 'GBP' },
  },
  {
    title: 'Motion Principles in After Effects',
    duration: '4 hours - 22 lessons',
    categories: ['3D & Motion'],
    tags: ['Advanced', 'After Effects'],
    palette: ['#3b0764', '#a855f7', '#fde047', '#22d3ee'],
    style: 'waves',
    summary: 'Timing, easing and overlap: the principles that make motion feel natural, applied to real design work.',
    outcomes: ['Master the graph editor', 'Animate logos and interfaces', 'Export lightweight animations for the web'],
    introVideo: SHIPPED_MP4,
    secondButton: true,
  },
  {
    title: 'Stylised 3D Product Renders',
    duration: '3 hours - 14 lessons',
    categories: ['3D & Motion'],
    tags: ['Blender', 'Portfolio', 'Color Theory'],
    palette: ['#164e63', '#06b6d4', '#fda4af', '#fef08a'],
    style: 'orbs',
    summary: 'Create soft, colourful product renders that stand out in portfolios and on social media.',
    outcomes: ['Model simple products with clean topology', 'Design pastel lighting setups', 'Compose hero shots and turntables'],
    introVideo: SINTEL,
  },
  {
    title: 'Design Systems in Figma',
    duration: '5 hours - 26 lessons',
    categories: ['UI Design'],
    tags: ['Advanced', 'Figma'],
    palette: ['#172554', '#2563eb', '#93c5fd', '#fbbf24'],
    style: 'cards',
    summary: 'Build a design system that a whole team can use: tokens, components, variants and documentation.',
    outcomes: ['Set up colour and spacing tokens', 'Build flexible components with variants', 'Document and publish a shared library'],
    introVideo: TEARS_OF_STEEL,
    secondButton: true,
    price: { amount: 89, currency: 'USD' },
  },
  {
    title: 'Mobile App UI Essentials',
    duration: '3 hours - 16 lessons',
    categories: ['UI Design'],
    tags: ['Beginner', 'Figma'],
    palette: ['#064e3b', '#10b981', '#e0f2fe', '#f472b6'],
    style: 'cards',
    summary: 'Design clear, touch-friendly mobile screens, from navigation patterns to the last pixel of a button.',
    outcomes: ['Apply platform layout conventions', 'Design for thumbs and small screens', 'Prototype a complete onboarding flow'],
    introVideo: SHIPPED_MP4,
  },
  {
    title: 'Micro-interactions that Delight',
    duration: '2 hours - 12 lessons',
    categories: ['UI Design', '3D & Motion'],
    tags: ['After Effects', 'Figma', 'Portfolio'],
    palette: ['#701a75', '#d946ef', '#bae6fd', '#fde047'],
    style: 'blobs',
    summary: 'Small animations with a big effect: feedback, transitions and states that make an interface feel alive.',
    outcomes: ['Spot the moments worth animating', 'Prototype interactions in Figma', 'Hand over motion specs developers love'],
    introVideo: SHIPPED_MP4,
  },
];

export function productDescription(product: DemoProduct): string {
  const outcomes = product.outcomes.map((item) => `<li>${item}</li>`).join('');
  return [
    `<h2>About this course</h2>`,
    `<p>${product.summary}</p>`,
    `<h2>What you will learn</h2>`,
    `<ul>${outcomes}</ul>`,
    `<p><strong>Included:</strong> ${product.duration}, downloadable project files and lifetime access.</p>`,
  ].join('');
}

export const HOMEPAGE_HERO = {
  title: 'Learn design by making things',
  description: 'Hands-on courses in illustration, typography, 3D and interface design, taught by people who do it every day.',
  palette: ['#1e3a8a', '#2563eb', '#f472b6', '#fbbf24'] as Palette,
};

export const ABOUT_PAGE = {
  title: 'About the studio',
  description: 'We are a small team of designers who teach what we practise.',
  palette: ['#0f172a', '#2563eb', '#34d399', '#f9a8d4'] as Palette,
  content: [
    '<h2>Why we teach</h2>',
    '<p>We started recording lessons for our own junior designers. Other people asked for them, so we kept going. Every course is built around a <strong>real project</strong> you can add to your portfolio.</p>',
    '<h2>How the courses work</h2>',
    '<ul><li>Short lessons you can finish in a coffee break</li><li>Project files for every step</li><li>Lifetime access, including future updates</li></ul>',
    '<p>Questions? Write to us at <a href="mailto:hello@example.com">hello@example.com</a>.</p>',
  ].join(''),
};

export const NEWSLETTER_PALETTE: Palette = ['#1d4ed8', '#60a5fa', '#fde68a', '#f472b6'];
export const EMPTY_STATE_PALETTE: Palette = ['#e2e8f0', '#cbd5e1', '#94a3b8', '#64748b'];
export const DEMO_PRIMARY_COLOR = '#2563eb';
