import type { ImportProgress } from '../../../shared/schemas/transfer';
import { openImport, type ColumnMapping } from './read-import';
import type { ImportImages } from './import-images';
import type { DialectName } from './imported-product';

/** Where an import's progress goes (decision 079), and how to read its file a second time to count it. */
export type ProgressSink = { report: (progress: ImportProgress) => void; reread: () => AsyncIterable<Uint8Array> };

/** A line at most this often while a step runs (a step's first and last counts always go out). */
const EVERY_MS = 200;

/**
 * Each tenth of a step's products goes out too, however fast the work: a small file checked within 200 ms
 * still shows its owner the count moving, and a test sees the same lines on a fast machine and a slow one.
 */
const isTenth = (done: number, total: number) => total > 0 && done % Math.max(1, Math.ceil(total / 10)) === 0;

/**
 * The counts an import reports as it goes: products checked of the file's products, images taken of the
 * images the file names from its zip (or fetches), products written of those to write.
 */
export class ImportCounter {
  private last = 0;
  private readonly products = { done: 0, total: 0 };
  private imageTotal = 0;

  constructor(
    private readonly sink: ProgressSink,
    private readonly images: ImportImages,
  ) {}

  /** Before the file is counted: the owner sees the server at work at once. */
  reading(): void {
    this.send('read', true);
  }

  /** The file counted: checking starts. */
  counted(totals: { products: number; images: number }): void {
    this.products.total = totals.products;
    this.imageTotal = totals.images;
    this.send('check', true);
  }

  /** One more product read and checked (its images were taken before). */
  checked(): void {
    this.products.done += 1;
    this.send('check', isTenth(this.products.done, this.products.total));
  }

  /** Every product checked: the last count of the step. */
  checkedAll(): void {
    this.send('check', true);
  }

  /** One more product written in the import's transaction, of `total`. */
  saved(done: number, total: number): void {
    this.products.done = done;
    this.products.total = total;
    this.send('save', done === 0 || done === total || isTenth(done, total));
  }

  private send(step: ImportProgress['step'], force: boolean): void {
    const now = Date.now();
    if (!force && now - this.last < EVERY_MS) return;
    this.last = now;
    const taken = Math.min(this.images.taken, this.imageTotal);
    this.sink.report({ step, products: { ...this.products }, images: { done: taken, total: this.imageTotal } });
  }
}

/**
 * The file read once more, without the database or any image work, to know what "of N" is: its products,
 * and the images it names that the import takes (from the zip, or fetched), each source once. The rows are
 * only parsed: nothing is checked against the site, no image is opened.
 */
export async function countImport(
  source: AsyncIterable<Uint8Array>,
  options: { format?: DialectName | 'json' | undefined; shopUrl?: string | undefined; currency: string; mapping?: ColumnMapping | undefined },
  images: ImportImages,
): Promise<{ products: number; images: number }> {
  const reading = await openImport(source, options, []);
  const sources = new Set<string>();
  let products = 0;
  for await (const product of reading.products) {
    products += 1;
    for (const image of product.images) {
      const key = images.sourceKey(image.src);
      if (key) sources.add(key);
    }
  }
  return { products, images: sources.size };
}
