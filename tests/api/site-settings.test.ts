import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { parseHead } from '../helpers/head';
import { defaultSiteSettings } from '../../src/shared/schemas/site-settings';
import { findUsages } from '../../src/server/modules/media/media-usage';

const BASE = 'https://shop.example.com';

/** The site's identity: saved through the API, shown in the header, footer, titles and cards of every public page. */
describe(`site settings (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: BASE }, { web: true });
  });
  afterAll(async () => t.close());

  const settings = (extra: Record<string, unknown> = {}) => ({ ...defaultSiteSettings(), ...extra });
  const put = (payload: unknown, headers: Record<string, string> = {}) =>
    t.asAdmin({ method: 'PUT', url: '/api/site-settings', payload: payload as object, headers });
  // Reads its own writes once the renders they started are kept (decision 058), not within a render's time.
  const page = async (url: string) => (await visitAfterWrite(t.app, url)).body;

  it('reads today\'s name, tagline and profiles before anything is saved, publicly, with an ETag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site-settings' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"0"');
    expect(response.json().data).toEqual({
      name: 'Showcase',
      tagline: 'Learning Platform',
      logo: '',
      favicon: '',
      socialLinks: [
        { network: 'youtube', url: 'https://www.youtube.com/' },
        { network: 'instagram', url: 'https://www.instagram.com/' },
      ],
      contactEmail: '',
      shareImage: '',
    });
  });

  it('is changed by the admin only', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/site-settings', payload: settings({ name: 'Taken over' }) });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/site-settings' })).json().data.name).toBe('Showcase');
  });

  it('names the field of invalid input and keeps what was saved', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name: is required'],
      [{ name: 'x'.repeat(61) }, 'name: is too long'],
      [{ socialLinks: [{ network: 'youtube', url: 'http://www.youtube.com/me' }] }, 'socialLinks.0.url: must be an https:// URL'],
      [{ socialLinks: [{ network: 'youtube', url: 'javascript:alert(1)' }] }, 'socialLinks.0.url: must be an https:// URL'],
      [{ socialLinks: [{ network: 'myspace', url: 'https://myspace.com/me' }] }, 'socialLinks.0.network: must be one of youtube, instagram, facebook, x, linkedin, tiktok, pinterest, github, vimeo, mastodon'],
      [{ socialLinks: Array.from({ length: 21 }, () => ({ network: 'x', url: 'https://x.com/me' })) }, 'socialLinks: is too long'],
      [{ contactEmail: 'not an address' }, 'contactEmail: must be an e-mail address'],
      [{ logo: 'javascript:alert(1)' }, 'logo: must be an http(s) URL or a path starting with /'],
    ];
    for (const [extra, message] of cases) {
      const response = await put(settings(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json()).toEqual({ success: false, error: message, field: message.slice(0, message.indexOf(':')) });
    }
    expect((await t.app.inject({ url: '/api/site-settings' })).json().data.name).toBe('Showcase');
  });

  it('refuses a save made from an outdated version (If-Match)', async () => {
    const first = await put(settings({ tagline: 'Learn by doing' }), { 'if-match': '"0"' });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"1"');
    const stale = await put(settings({ tagline: 'Stale' }), { 'if-match': '"0"' });
    expect(stale.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/site-settings' })).json().data.tagline).toBe('Learn by doing');
  });

  it('shows the saved name, tagline, contact and profiles on public pages, whose cached copies are replaced', async () => {
    const before = await page('/about');
    expect(before).toContain('<title>About | Showcase</title>');
    const rendersBefore = t.app.renderCache.stats.renders;
    const saved = await put(
      settings({
        name: 'Atelier <Nord>',
        tagline: 'Courses in craft',
        contactEmail: 'hello@atelier.example',
        socialLinks: [
          { network: 'mastodon', url: 'https://mastodon.social/@atelier' },
          { network: 'github', url: 'https://github.com/atelier' },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const html = await page('/about');
    expect(t.app.renderCache.stats.renders).toBeGreaterThan(rendersBefore);
    const head = parseHead(html);
    expect(head.title).toBe('About | Atelier <Nord>');
    expect(head.meta['og:site_name']).toBe('Atelier <Nord>');
    expect(html).toContain('<span class="brand__name">Atelier &lt;Nord&gt;</span>');
    expect(html).toContain('<span class="brand__tagline">Courses in craft</span>');
    expect(html).toContain('aria-label="Atelier &lt;Nord&gt;, Courses in craft: home"');
    expect(html).toContain('© 2026 Atelier &lt;Nord&gt;. All rights reserved.'.replace('2026', String(new Date().getFullYear())));
    expect(html).toContain('<a href="mailto:hello@atelier.example">hello@atelier.example</a>');
    // Header icons and footer links: the saved profiles only.
    expect(html).toContain('href="https://mastodon.social/@atelier" target="_blank" rel="noopener noreferrer" aria-label="Mastodon (opens in a new tab)"');
    expect(html).toMatch(/<a href="https:\/\/github.com\/atelier" target="_blank" rel="noopener noreferrer">GitHub<\/a>/);
    expect(html).not.toContain('https://www.youtube.com/');
    // The home page without a hero title is named after the site.
    expect(parseHead(await page('/')).title).toBe('Atelier <Nord> | Courses in craft');
  });

  it('makes a new default share card when the name changes, and a new favicon in the new theme colour', async () => {
    const cardBefore = parseHead(await page('/about')).meta['og:image'];
    const iconBefore = parseHead(await page('/about')).icon;
    expect(iconBefore).toMatch(/^\/favicon\.svg\?v=\w+$/);
    expect((await put(settings({ name: 'Renamed' }))).statusCode).toBe(200);
    const cardAfter = parseHead(await page('/about')).meta['og:image'];
    expect(cardAfter).toMatch(new RegExp(`^${BASE}/share/default\\.png\\?v=\\w+$`));
    expect(cardAfter).not.toBe(cardBefore);
    expect((await t.asAdmin({ method: 'PUT', url: '/api/theme', payload: { primaryColor: '#10b981' } })).statusCode).toBe(200);
    const iconAfter = parseHead(await page('/about')).icon!;
    expect(iconAfter).not.toBe(iconBefore);
    const icon = await t.app.inject({ url: iconAfter });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toContain('immutable');
    expect(icon.body).toContain('fill="#10b981"');
  });

  it('uses the owner\'s favicon, logo and default share image when set', async () => {
    const saved = await put(settings({ favicon: '/uploads/icon.png', logo: '/uploads/logo.png', shareImage: 'https://cdn.example.com/card.png' }));
    expect(saved.statusCode).toBe(200);
    const html = await page('/about');
    const head = parseHead(html);
    expect(head.icon).toBe('/uploads/icon.png');
    expect(html).toContain('<img class="brand__mark" src="/uploads/logo.png" alt="" width="32" height="32"/>');
    // Not a library item, so no 1200×630 crop exists: the built-in card stays.
    expect(head.meta['og:image']).toMatch(new RegExp(`^${BASE}/share/default\\.png`));
    // The media library knows the pictures are in use, so they are not deleted from under the site.
    const usages = await findUsages(t.app.ctx.db, ['/uploads/icon.png', '/uploads/logo.png']);
    expect(usages.get('/uploads/logo.png')).toEqual([{ kind: 'site', id: 'site', title: 'Site settings' }]);
    expect(usages.get('/uploads/icon.png')).toEqual([{ kind: 'site', id: 'site', title: 'Site settings' }]);
  });
});
