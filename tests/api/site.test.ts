import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('homepage, about and theme API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('serves defaults before anything is saved', async () => {
    const hero = await get('/api/homepage');
    expect(hero).toMatchObject({
      title: '',
      textColor: '#ffffff',
      backgroundColor: '',
      button1: { isActive: false, color: 'primary', variant: 'solid', size: 'md' },
      button2: { isActive: false, color: 'secondary', variant: 'outlined', size: 'md' },
    });
    expect(await get('/api/about')).toEqual({ heroConfig: hero, content: null });
    expect(await get('/api/theme')).toEqual({ primaryColor: '#2563eb', newsletterImage: '' });
  });

  it('saves and reads the homepage hero', async () => {
    const payload = {
      logo: '/uploads/logo.png',
      title: 'Learn design',
      description: 'Tutorials',
      heroImage: 'https://cdn.example.com/hero.jpg',
      introVideo: '/uploads/intro.mp4',
      loopVideo: '/uploads/loop.mp4',
      backgroundColor: '#000000',
      textColor: '#FFEEDD',
      button1: { isActive: true, text: 'Start', link: '/category/design', color: 'tertiary', variant: 'outlined', size: 'lg' },
      button2: { isActive: false, text: '', link: '', color: 'black', variant: 'solid', size: 'sm' },
    };
    const response = await t.asAdmin({ method: 'PUT', url: '/api/homepage', payload });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual(payload);
    expect(await get('/api/homepage')).toEqual(payload);
  });

  it('names the hero field on invalid input and keeps the saved hero', async () => {
    const before = await get('/api/homepage');
    const cases: [unknown, RegExp][] = [
      [{ textColor: 'red' }, /^textColor: /],
      [{ button1: { size: 'xl' } }, /^button1\.size: /],
      [{ button2: { isActive: 'yes' } }, /^button2\.isActive: /],
      [{ heroImage: 'javascript:alert(1)' }, /^heroImage: /],
      [{ title: 42 }, /^title: /],
      [[], /^Request body: /],
    ];
    for (const [payload, message] of cases) {
      const response = await t.asAdmin({ method: 'PUT', url: '/api/homepage', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect(await get('/api/homepage')).toEqual(before);
  });

  it('saves the about page, sanitising the content', async () => {
    const response = await t.asAdmin({
      method: 'PUT',
      url: '/api/about',
      payload: {
        heroConfig: { title: 'About us' },
        content: '<h2 class="ql-align-center">Who</h2><p>We <em>teach</em><script>alert(1)</script></p><iframe src="https://evil.example"></iframe>',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const about = await get('/api/about');
    expect(about.heroConfig.title).toBe('About us');
    expect(about.content).toBe('<h2 class="ql-align-center">Who</h2><p>We <em>teach</em></p>');
    expect(response.json().data).toEqual(about);
  });

  it('stores blank about content as null', async () => {
    for (const content of ['', '   ', '<p></p>', '<p><br></p>', '<p><br/></p>\n', '<p> </p><p><br></p>', '<script>x()</script>', null]) {
      const response = await t.asAdmin({ method: 'PUT', url: '/api/about', payload: { heroConfig: {}, content } });
      expect(response.statusCode, String(content)).toBe(200);
      expect((await get('/api/about')).content, String(content)).toBeNull();
    }
    const withImage = await t.asAdmin({ method: 'PUT', url: '/api/about', payload: { content: '<p><img src="/uploads/a.png"></p>' } });
    expect(withImage.json().data.content).toBe('<p><img src="/uploads/a.png" /></p>');
  });

  it('names the about field on invalid input', async () => {
    const bad = await t.asAdmin({ method: 'PUT', url: '/api/about', payload: { heroConfig: { textColor: '#12' }, content: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^heroConfig\.textColor: /);
    const badContent = await t.asAdmin({ method: 'PUT', url: '/api/about', payload: { content: 7 } });
    expect(badContent.statusCode).toBe(400);
    expect(badContent.json().error).toMatch(/^content: /);
  });

  it('saves the theme and validates the colour', async () => {
    const response = await t.asAdmin({ method: 'PUT', url: '/api/theme', payload: { primaryColor: '#FF5733', newsletterImage: '/uploads/n.jpg' } });
    expect(response.statusCode).toBe(200);
    expect(await get('/api/theme')).toEqual({ primaryColor: '#FF5733', newsletterImage: '/uploads/n.jpg' });

    const withoutImage = await t.asAdmin({ method: 'PUT', url: '/api/theme', payload: { primaryColor: '#00aa00' } });
    expect(withoutImage.json().data).toEqual({ primaryColor: '#00aa00', newsletterImage: '' });

    for (const [payload, message] of [
      [{ primaryColor: '#FF573' }, /^primaryColor: /],
      [{ primaryColor: 'blue' }, /^primaryColor: /],
      [{}, /^primaryColor: /],
      [{ primaryColor: '#000000', newsletterImage: 'javascript:alert(1)' }, /^newsletterImage: /],
    ] as const) {
      const bad = await t.asAdmin({ method: 'PUT', url: '/api/theme', payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(message);
    }
    expect((await get('/api/theme')).primaryColor).toBe('#00aa00');
  });

  it('refuses every write without a token and changes nothing', async () => {
    const before = [await get('/api/homepage'), await get('/api/about'), await get('/api/theme')];
    for (const request of [
      { method: 'PUT' as const, url: '/api/homepage', payload: { title: 'Hacked' } },
      { method: 'PUT' as const, url: '/api/about', payload: { content: '<p>Hacked</p>' } },
      { method: 'PUT' as const, url: '/api/theme', payload: { primaryColor: '#ff0000' } },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, error: 'Authentication required' });
    }
    expect([await get('/api/homepage'), await get('/api/about'), await get('/api/theme')]).toEqual(before);
  });

  it('moves the content version on each write, so cached pages are dropped', async () => {
    const before = t.app.ctx.contentEvents.current;
    await t.asAdmin({ method: 'PUT', url: '/api/theme', payload: { primaryColor: '#123456' } });
    expect(t.app.ctx.contentEvents.current).toBeGreaterThan(before);
  });
});
