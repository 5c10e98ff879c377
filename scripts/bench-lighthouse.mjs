// `npm run bench:lighthouse`: starts the built server on a fresh data directory
// with demo content and runs Lighthouse (mobile preset, Debian's Chromium) on
// the home, a category and a product page, the demo FAQ and Contact pages, and a page it makes with every
// block type (issue 29). Prints the performance, accessibility,
// best-practices and SEO scores, LCP, CLS, image bytes per page and what the same pictures weighed as
// the uploaded originals, before variants (with the audits
// that cost points outside performance), and the public first-load JavaScript (gzip).
// WAIT_VARIANTS=0 skips waiting for image variants (and makes none): a quick run
// for the accessibility, best-practices and SEO scores, which do not depend on them.
// Lighthouse's simulated throttling makes a score vary by a point or two
// between runs; RUNS=3 reports the median. LH_PAGES=blocks,home measures only the pages named.
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { firstLoadOf, TARGET_KB } from './bench/first-load.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4501);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 1);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WAIT_VARIANTS = process.env.WAIT_VARIANTS !== '0';
// LH_PAGES=blocks,faq measures only those pages (names as printed).
const ONLY = (process.env.LH_PAGES ?? '').split(',').filter(Boolean);

if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/.vite/manifest.json')) {
  console.log('Building first (npm run build)…');
  execSync('npm run build', { stdio: 'inherit' });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// BENCH_DATA_DIR keeps the data (and the made variants) between runs; by default each run starts fresh.
const keepData = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = keepData ? path.resolve(process.env.BENCH_DATA_DIR) : fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-lighthouse-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ...(WAIT_VARIANTS ? {} : { MEDIA_WORKERS: '0' }), NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: 'warn' },
});

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error('server did not start within 60 s');
}

async function signIn() {
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: 'bench-password-123' }),
  });
  return (await login.json()).data?.token;
}

/**
 * A published page with each of the nine block types (issue 29), made of the demo's own pictures,
 * video, category and words: the page the issue's Lighthouse targets name. Answers its address.
 */
async function makeEveryBlockPage(token, products, categories) {
  const [first, second, third, fourth] = products;
  const picture = (product, order) => ({ url: product.mainImage, alt: `${product.title}: course cover`, order });
  const page = {
    title: 'How our courses work',
    slug: 'how-our-courses-work',
    status: 'published',
    seoTitle: 'How our courses work',
    seoDescription: 'What a Showcase Studio course contains, how you follow it and how to ask us anything: lessons, projects, access and support.',
    blocks: [
      {
        type: 'richText',
        html: '<p>Every course is a series of short video lessons and one real project, made at your own pace. Here is what to expect, from the first lesson to the last.</p><h2>Lessons you can follow anywhere</h2><p>Lessons last five to fifteen minutes, each with its exercise files, and work on a phone as well as a laptop.</p>',
      },
      { type: 'image', url: first.mainImage, alt: `${first.title}: course cover`, caption: `A lesson of ${first.title}.` },
      { type: 'gallery', images: [picture(second, 1), picture(third, 2), picture(fourth, 3)] },
      { type: 'callToAction', heading: 'Not sure where to start?', text: 'Tell us what you want to make and we will suggest a course.', button: { text: 'Ask us', link: '/pages/contact' } },
      { type: 'productGrid', source: 'category', categoryId: categories[0].id, limit: 4 },
      {
        type: 'faq',
        items: [
          { question: 'How long does a course take?', answer: '<p>Most people finish one in two to four weeks, at an hour or two a week.</p>' },
          { question: 'Do I get a certificate?', answer: '<p>Yes: finish the project and you can download one.</p>' },
        ],
      },
      { type: 'video', url: first.introVideo },
      { type: 'newsletter', heading: 'New courses, first', text: 'One letter a month with the new courses and lessons.' },
      {
        type: 'contactForm',
        fields: [{ name: 'course', label: 'Course', type: 'choice', required: false, options: products.slice(0, 4).map((product) => product.title) }],
        consentText: 'We use your details only to answer your message.',
        successMessage: 'Thank you! We will answer within two working days.',
      },
    ],
  };
  const response = await fetch(`${BASE}/api/pages`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(page) });
  // 409: made by an earlier run on the same data (BENCH_DATA_DIR).
  if (response.status !== 201 && response.status !== 409) throw new Error(`could not make the page of every block: ${response.status} ${await response.text()}`);
  return `/pages/${page.slug}`;
}

/** Waits until the background queue has made every image variant (the admin media list reports it). */
async function waitForVariants(token) {
  for (let i = 0; i < 1200; i++) {
    const response = await fetch(`${BASE}/api/media/variants/status`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status === 404) return 'no variant queue in this build';
    const { data } = await response.json();
    if (data.pending === 0) return `${data.done} images with variants`;
    await sleep(500);
  }
  return 'variants still pending after 10 min';
}

/**
 * The bytes the same pictures weighed before variants: each image the page loaded, mapped back from
 * its rendition to the upload its `<img src>` names (what every page served before issue 11).
 */
async function originalImageBytes(pageUrl, loadedImages) {
  const html = await (await fetch(pageUrl)).text();
  const absolute = (href) => new URL(href.replace(/&amp;/g, '&'), pageUrl).href;
  const originalOf = new Map();
  for (const [picture] of html.matchAll(/<picture>[\s\S]*?<\/picture>|<img\b[^>]*>/gi)) {
    const src = /<img\b[^>]*\ssrc="([^"]+)"/i.exec(picture)?.[1];
    if (!src) continue;
    for (const [, set] of picture.matchAll(/srcset="([^"]+)"/gi)) {
      for (const candidate of set.split(',')) originalOf.set(absolute(candidate.trim().split(/\s+/)[0]), absolute(src));
    }
  }
  let bytes = 0;
  for (const url of new Set(loadedImages.map((url) => originalOf.get(url) ?? url))) {
    const response = await fetch(url).catch(() => null);
    if (response?.ok) bytes += (await response.arrayBuffer()).byteLength;
  }
  return bytes;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Audits outside performance that cost points, on any page: what to fix for 100. */
const failing = new Set();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(chrome, url) {
  const runs = [];
  /** The pictures the first run loaded: what they weighed as originals is the same in every run. */
  let loadedImages = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: CATEGORIES, output: 'json', logLevel: 'error' });
    const { lhr } = result;
    // LH_REPORT_DIR keeps each run's full report, to read every metric and audit afterwards.
    if (process.env.LH_REPORT_DIR) {
      fs.mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '_') || 'home';
      fs.writeFileSync(path.join(process.env.LH_REPORT_DIR, `${name}-${i}.json`), JSON.stringify(lhr));
    }
    const items = lhr.audits['network-requests'].details.items;
    const bytesOf = (type) => items.filter((item) => item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    if (i === 0) loadedImages = items.filter((item) => item.resourceType === 'Image').map((item) => item.url);
    if (process.env.LCP_DETAIL) {
      const phases = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [];
      const element = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '';
      console.log(url, phases.map((phase) => `${phase.phase} ${Math.round(phase.timing)}ms`).join(', '), element.slice(0, 160));
      console.log('  render-blocking:', (lhr.audits['render-blocking-resources']?.details?.items ?? []).map((item) => `${item.url} ${Math.round(item.wastedMs)}ms`).join('; '));
    }
    // A score or metric Lighthouse could not measure (e.g. no LCP on a starved machine) is null, printed as "–".
    const scoreOf = (category) => (lhr.categories[category].score === null ? null : Math.round(lhr.categories[category].score * 100));
    if (lhr.runtimeError) console.log(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const category of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[category].auditRefs) {
        const result = lhr.audits[ref.id];
        if (ref.weight > 0 && result.score !== null && result.score < 1) failing.add(`${category}: ${ref.id} (${result.title})`);
      }
    }
    runs.push({
      score: scoreOf('performance'),
      a11y: scoreOf('accessibility'),
      bestPractices: scoreOf('best-practices'),
      seo: scoreOf('seo'),
      lcp: (lhr.audits['largest-contentful-paint'].numericValue ?? NaN) / 1000,
      cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
      imageBytes: bytesOf('Image'),
      scriptBytes: bytesOf('Script'),
    });
  }
  const pick = (key) => median(runs.map((run) => run[key]));
  const originals = await originalImageBytes(url, loadedImages);
  return { score: pick('score'), a11y: pick('a11y'), bestPractices: pick('bestPractices'), seo: pick('seo'), lcp: pick('lcp'), cls: pick('cls'), imageBytes: pick('imageBytes'), originalImageBytes: originals, scriptBytes: pick('scriptBytes') };
}

let chrome;
try {
  await waitForHealth();
  const token = await signIn();
  const products = (await (await fetch(`${BASE}/api/products`)).json()).data;
  const categories = (await (await fetch(`${BASE}/api/categories`)).json()).data;
  // Its pictures are the demo's own uploads: it adds nothing to the variant queue.
  const everyBlock = await makeEveryBlockPage(token, products, categories);
  console.log(`variants: ${WAIT_VARIANTS ? await waitForVariants(token) : 'not waited for (WAIT_VARIANTS=0)'}`);
  const pages = [
    ['home', '/'],
    ['category', `/category/${categories[0].slug}`],
    ['product', `/product/${products[0].slug}`],
    // Pages made of blocks (issue 29): the demo FAQ (rich text, FAQ, call to action) and Contact (a form).
    ['faq', '/pages/faq'],
    ['contact', '/pages/contact'],
    // One page with each of the nine block types, made above through the API.
    ['blocks', everyBlock],
  ].filter(([name]) => ONLY.length === 0 || ONLY.includes(name));
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS}) ` : ''}mobile preset, Chromium at ${CHROME_PATH}; targets: performance ≥ 95, LCP ≤ 2.0 s, CLS 0; accessibility, best practices, SEO 100`);
  console.log('page       perf  a11y  best   seo  LCP s   CLS     image bytes  (as originals)   script bytes');
  for (const [name, url] of pages) {
    const r = await audit(chrome, BASE + url);
    const scores = [r.score, r.a11y, r.bestPractices, r.seo].map((score) => String(score ?? '–').padStart(4)).join('  ');
    console.log(`${name.padEnd(10)} ${scores}  ${r.lcp.toFixed(2).padStart(5)}  ${r.cls.toFixed(3).padStart(5)}  ${kb(r.imageBytes).padStart(12)}  ${kb(r.originalImageBytes).padStart(14)}   ${kb(r.scriptBytes).padStart(12)}`);
  }
  if (failing.size) console.log(`\nnot at 100 because of:\n  ${[...failing].join('\n  ')}`);
  console.log(`\npublic first-load JavaScript, gzip (target ≤ ${TARGET_KB} kB; scripts/bench/first-load.mjs):`);
  for (const [name, url] of pages) console.log(`  ${name.padEnd(10)} ${kb((await firstLoadOf(BASE, url)).bytes)}`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await sleep(300);
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
}
