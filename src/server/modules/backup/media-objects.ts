import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config';
import { createMediaStore } from '../media/media.service';
import { S3MediaStore } from '../media/s3-media-store';
import type { MediaStore } from '../media/media-store';

export type MediaObject = { key: string; size: number };

/**
 * Every object the media store holds, originals and variants alike, found by
 * listing the store itself rather than the media table: a backup must not
 * miss a file the table does not name. Reads and writes go through the store,
 * so its own rules about names apply.
 */
export type MediaObjects = {
  list(): Promise<MediaObject[]>;
  read(key: string): Promise<Readable>;
  write(key: string, source: Readable, mimeType: string): Promise<void>;
  remove(key: string): Promise<void>;
  describe: string;
};

export function mediaObjects(config: Pick<Config, 'mediaDir' | 's3'>): MediaObjects {
  const store = createMediaStore(config);
  const write = async (key: string, source: Readable, mimeType: string) => {
    await store.saveStream(key, source, mimeType);
  };
  const remove = (key: string) => store.remove(key);
  if (store instanceof S3MediaStore && config.s3) {
    const s3 = config.s3;
    return { list: () => listBucket(s3), read: (key) => readS3(store, key), write, remove, describe: `bucket ${s3.bucket}` };
  }
  return { list: () => listFolder(config.mediaDir), read: async (key) => fs.createReadStream(path.join(config.mediaDir, key)), write, remove, describe: config.mediaDir };
}

/** Files under the folder, sub-folders included; dot-files (partial uploads) are not media. */
async function listFolder(root: string): Promise<MediaObject[]> {
  const found: MediaObject[] = [];
  const walk = async (dir: string) => {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push({ key: path.relative(root, full).split(path.sep).join('/'), size: (await fs.promises.stat(full)).size });
    }
  };
  await walk(root);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

const decodeXml = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** ListObjectsV2 under the configured prefix, page by page. */
async function listBucket(s3: NonNullable<Config['s3']>): Promise<MediaObject[]> {
  const client = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, service: 's3', region: s3.region });
  const found: MediaObject[] = [];
  let token: string | undefined;
  do {
    const params = new URLSearchParams({ 'list-type': '2', 'max-keys': '1000' });
    if (s3.prefix) params.set('prefix', s3.prefix);
    if (token) params.set('continuation-token', token);
    const response = await client.fetch(`${s3.endpoint}/${s3.bucket}?${params.toString()}`);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`Listing bucket ${s3.bucket} failed: ${response.status} ${/<Code>([^<]+)/.exec(body)?.[1] ?? ''}`);
    for (const match of body.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = decodeXml(/<Key>([^<]*)<\/Key>/.exec(match[1]!)?.[1] ?? '');
      const size = Number(/<Size>(\d+)<\/Size>/.exec(match[1]!)?.[1] ?? 0);
      if (key.startsWith(s3.prefix) && key.length > s3.prefix.length) found.push({ key: key.slice(s3.prefix.length), size });
    }
    token = /<IsTruncated>true<\/IsTruncated>/.test(body) ? decodeXml(/<NextContinuationToken>([^<]*)</.exec(body)?.[1] ?? '') : undefined;
  } while (token);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

async function readS3(store: MediaStore & S3MediaStore, key: string): Promise<Readable> {
  const response = await store.request(key, { method: 'GET' });
  if (response.statusCode !== 200) {
    response.resume();
    throw new Error(`Reading ${key} from the bucket failed: ${response.statusCode}`);
  }
  return response;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif',
  svg: 'image/svg+xml', mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', json: 'application/json',
};
export const mimeTypeOf = (key: string) => TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
