import type { ContentEvents } from './events';

/** Distinct figures kept at once (filters × viewers); the oldest goes first beyond it. */
const MAX_FIGURES = 1000;

/**
 * Figures that read a whole share of the catalogue: how many products match a
 * filter, which tags a category's products carry. Their cost grows with the
 * catalogue while the page that prints them does not, so each is computed
 * once and kept until the catalogue changes (`catalogueVersion`: a product,
 * category or tag write, here or elsewhere, or a scheduled item going live),
 * not on every content write: an edit of the about page keeps them.
 * Concurrent asks for one figure share one read.
 */
export class CatalogueFigures {
  private figures = new Map<string, Promise<unknown>>();
  private version: number;
  private since = Date.now();

  constructor(private readonly events: Pick<ContentEvents, 'catalogueVersion' | 'maxAgeMs'>) {
    this.version = events.catalogueVersion;
  }

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    this.dropIfStale();
    let figure = this.figures.get(key) as Promise<T> | undefined;
    if (!figure) {
      figure = compute();
      const figures = this.figures;
      figures.set(key, figure);
      // A failed read is not kept: the next ask tries again.
      figure.catch(() => figures.get(key) === figure && figures.delete(key));
      if (figures.size > MAX_FIGURES) figures.delete(figures.keys().next().value!);
    }
    return figure;
  }

  /** Like pages, figures live only seconds while other copies' writes may go unheard. */
  private dropIfStale(): void {
    const maxAge = this.events.maxAgeMs;
    const version = this.events.catalogueVersion;
    if (version === this.version && (maxAge === undefined || Date.now() - this.since <= maxAge)) return;
    this.figures = new Map();
    this.version = version;
    this.since = Date.now();
  }
}
