import { useCallback, useEffect, useRef, useState } from 'react';
import { CATEGORY_PAGE_SIZE } from '../../shared/constants';
import { httpContentSource } from '../api/content-source';
import { summarizeProduct, type ProductSummary } from '../page-data';
import type { ProductSort } from '../../shared/schemas/attribute';

type Start = { category: string; tags: string[]; attributes?: Record<string, string[]>; sort?: ProductSort; products: ProductSummary[]; nextCursor: string | null };

/**
 * The server renders one page; the next ones are fetched from the API as the
 * visitor nears the end of the list (an IntersectionObserver on a sentinel
 * below the grid) and appended. `pagesAdded` keeps the no-JS "next page" link right.
 */
export function useMoreProducts(start: Start) {
  const [products, setProducts] = useState(start.products);
  const [nextCursor, setNextCursor] = useState(start.nextCursor);
  const [pagesAdded, setPagesAdded] = useState(0);
  const [failed, setFailed] = useState(false);
  const loading = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const loadMore = useCallback(async () => {
    if (!nextCursor || loading.current) return;
    loading.current = true;
    try {
      const page = await httpContentSource.pageProducts({ category: start.category, tags: start.tags, attributes: start.attributes, sort: start.sort, limit: CATEGORY_PAGE_SIZE, cursor: nextCursor });
      setProducts((current) => [...current, ...page.items.map(summarizeProduct)]);
      setNextCursor(page.nextCursor);
      setPagesAdded((count) => count + 1);
      setFailed(false);
    } catch {
      // The "next page" link still works; scrolling again retries.
      setFailed(true);
    } finally {
      loading.current = false;
    }
  }, [nextCursor, start.category, start.tags, start.attributes, start.sort]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !nextCursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    }, { rootMargin: '800px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadMore, nextCursor, products.length]);

  return { products, nextCursor, pagesAdded, failed, sentinel };
}
