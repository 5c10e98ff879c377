import sharp from 'sharp';

// Each upload is transformed once, so libvips' operation cache only holds
// memory (it kept ~200 MB after seeding the demo images). One thread per
// image leaves the other core to serve pages while an upload is processed.
sharp.cache(false);
sharp.concurrency(1);

export { sharp };
