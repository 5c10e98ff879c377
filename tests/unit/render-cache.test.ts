import { describe, expect, it } from 'vitest';
import { RenderCache } from '../../src/server/ssr/render-cache';
import { makePage, pageBody, type CachedPage } from '../../src/server/ssr/page-cache';

/** A render whose end the test decides. */
function deferredRender() {
  const calls: { version: number; finish: (html: string, status?: number) => Promise<void> }[] = [];
  const render = (version: number) =>
    new Promise<CachedPage>((resolve) => {
      // Resolves once the page is made (compressed off the main thread).
      calls.push({ version, finish: async (html, status = 200) => resolve(await makePage(version, status, html)) });
    });
  return { render, calls };
}

const text = (page: CachedPage) => pageBody(page).toString('utf8');
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('render cache', () => {
  it('renders concurrent misses of one key once', async () => {
    const version = 1;
    const cache = new RenderCache(() => version);
    const { render, calls } = deferredRender();
    const answers = Array.from({ length: 20 }, () => cache.get('/a', render));
    await tick();
    expect(calls).toHaveLength(1);
    await calls[0]!.finish('page a');
    expect((await Promise.all(answers)).map(text)).toEqual(Array(20).fill('page a'));
    expect(text(await cache.get('/a', render))).toBe('page a');
    expect(calls).toHaveLength(1);
    expect(cache.stats).toMatchObject({ renders: 1, hits: 1 });
  });

  it('keeps serving the previous page after a write until the one fresh render is ready', async () => {
    let version = 1;
    const cache = new RenderCache(() => version, { staleWaitMs: 20 });
    const { render, calls } = deferredRender();
    const first = cache.get('/a', render);
    await calls[0]!.finish('old');
    expect(text(await first)).toBe('old');

    version = 2;
    // The request that starts the fresh render waits a moment, then gets the previous page too.
    const starter = cache.get('/a', render);
    const others = Array.from({ length: 10 }, () => cache.get('/a', render));
    expect((await Promise.all(others)).map(text)).toEqual(Array(10).fill('old'));
    expect(text(await starter)).toBe('old');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.version).toBe(2);
    expect(text(await cache.get('/a', render))).toBe('old');
    expect(calls).toHaveLength(2);

    await calls[1]!.finish('new');
    await tick();
    expect(text(await cache.get('/a', render))).toBe('new');
    expect(calls).toHaveLength(2);
  });

  it('gives the starter the fresh page when it is ready within the wait', async () => {
    let version = 1;
    const cache = new RenderCache(() => version, { staleWaitMs: 1000 });
    const { render, calls } = deferredRender();
    const first = cache.get('/a', render);
    await calls[0]!.finish('old');
    await first;
    version = 2;
    const starter = cache.get('/a', render);
    await tick();
    await calls[1]!.finish('new');
    expect(text(await starter)).toBe('new');
  });

  it('settles once the fresh render after a write is kept: the next read is the new page', async () => {
    let version = 1;
    const cache = new RenderCache(() => version, { staleWaitMs: 0 });
    const { render, calls } = deferredRender();
    const first = cache.get('/a', render);
    await calls[0]!.finish('old');
    await first;
    version = 2;
    expect(text(await cache.get('/a', render))).toBe('old');
    let settled = false;
    const settling = cache.settled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    await calls[1]!.finish('new');
    await settling;
    expect(text(cache.fresh('/a')!)).toBe('new');
  });

  it('does not keep a failed render: the previous page stays for others and the next request tries again', async () => {
    let version = 1;
    const cache = new RenderCache(() => version, { staleWaitMs: 1000 });
    const { render, calls } = deferredRender();
    const first = cache.get('/a', render);
    await calls[0]!.finish('old');
    await first;
    version = 2;
    const starter = cache.get('/a', render);
    const other = cache.get('/a', render);
    expect(text(await other)).toBe('old');
    await tick();
    await calls[1]!.finish('broken', 500);
    expect((await starter).status).toBe(500);
    const retry = cache.get('/a', render);
    await tick();
    expect(calls).toHaveLength(3);
    await calls[2]!.finish('new');
    expect(text(await retry)).toBe('new');
  });

  it('never serves a page stored before the stale cutoff (a scheduled item went live): the request waits for the new render', async () => {
    let version = 1;
    let cutoff = 0;
    const cache = new RenderCache(() => version, { staleWaitMs: 5, staleCutoff: () => cutoff });
    const { render, calls } = deferredRender();
    const first = cache.get('/c', render);
    await tick();
    await calls[0]!.finish('before');
    await first;
    await new Promise((resolve) => setTimeout(resolve, 2));
    version = 2;
    cutoff = Date.now();
    const answer = cache.get('/c', render);
    // Far longer than the stale wait: the old page is still not given out.
    await new Promise((resolve) => setTimeout(resolve, 30));
    await calls[1]!.finish('after');
    expect(text(await answer)).toBe('after');
  });
});
