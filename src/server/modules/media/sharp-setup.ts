import type Sharp from 'sharp';

/**
 * The most pixels an image may have (50 megapixels, e.g. 8660×5773). A small
 * file can declare a huge canvas (a decompression bomb): decoding it would
 * take gigabytes, so anything larger is refused before it is decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp and libvips, loaded on the first image this process handles: they
 * add about 20 MB to a process, and a worker that only serves pages (most of
 * them, most of the time) never needs them.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is transformed once, so libvips' operation cache only holds
    // memory (it kept ~200 MB after seeding the demo images). One thread per
    // image leaves the other core to serve pages while an upload is processed.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
