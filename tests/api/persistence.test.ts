import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('content survives a restart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const read = async () => {
    const urls = ['/api/products', '/api/categories', '/api/tags', '/api/homepage', '/api/about', '/api/theme'];
    const answers: Record<string, unknown> = {};
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      answers[url] = response.json().data;
    }
    const subscribers = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers' });
    answers.subscribers = subscribers.json().data;
    return answers;
  };

  it('keeps every kind of content after the app is closed and started again', async () => {
    const write = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const response = await t.asAdmin({ method, url, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
      return response.json().data as { id: string };
    };
    const category = await write('POST', '/api/categories', {
      slug: 'kept',
      title: 'Kept',
      description: 'Still here',
      tileImage: '/uploads/k.jpg',
      itemsPerRow: 3,
      heroConfig: { title: 'Category hero' },
    });
    const tag = await write('POST', '/api/tags', { title: 'Durable' });
    await write('POST', '/api/products', {
      slug: 'kept-product',
      title: 'Kept product',
      duration: '5 lessons',
      mainImage: '/uploads/p.jpg',
      buyLink: 'https://shop.example.com/p',
      description: '<p class="ql-align-center">Body</p>',
      introVideo: 'https://youtu.be/dQw4w9WgXcQ',
      categories: [category.id],
      tags: [tag.id],
      gallery: [{ url: '/uploads/g.jpg', order: 0 }],
      darkMode: true,
    });
    await write('PUT', '/api/homepage', { title: 'Home hero', button1: { isActive: true, text: 'Go', link: '/about' } });
    await write('PUT', '/api/about', { heroConfig: { title: 'About hero' }, content: '<p>About text</p>' });
    await write('PUT', '/api/theme', { primaryColor: '#aa3300', newsletterImage: '/uploads/n.jpg' });
    const subscribed = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'kept@example.com' } });
    expect(subscribed.statusCode).toBe(200);

    const before = await read();
    await t.restart();
    const after = await read();
    expect(after).toEqual(before);

    expect((after['/api/products'] as unknown[]).length).toBe(1);
    expect(after['/api/products']).toMatchObject([{ slug: 'kept-product', categories: [category.id], tags: [tag.id], darkMode: true }]);
    expect(after['/api/homepage']).toMatchObject({ title: 'Home hero', button1: { isActive: true } });
    expect(after['/api/about']).toMatchObject({ content: '<p>About text</p>' });
    expect(after['/api/theme']).toEqual({ primaryColor: '#aa3300', newsletterImage: '/uploads/n.jpg' });
    expect(after.subscribers).toMatchObject([{ email: 'kept@example.com' }]);
  });
});
