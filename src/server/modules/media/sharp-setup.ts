import sharp from 'sharp';

// Each upload is transformed once, so libvips' operation cache only holds
// memory (it kept ~200 MB after seeding the demo images). One thread per
// image leaves the other core to serve pages while an upload is processed.
sharp.cache(false);
sharp.concurrency(1);

/**
 * The most pixels an image may have (50 megapixels, e.g. 8660×5773). A small
 * file can declare a huge canvas (a decompression bomb): decoding it would
 * take gigabytes, so anything larger is refused before it is decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export { sharp };
