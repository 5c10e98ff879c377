import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../config';
import { assertValidKey, isValidKey, writeToNewFile, type MediaStore, type StoredFile } from './media-store';
import { partialFileName, removeDeadPartials } from './partial-files';

/** Uploads on their way to the bucket are spooled to temp files named so (partial-files.ts). */
const SPOOL_PREFIX = 'showcase-upload-';

/** Removes spool files of processes that died while sending an upload to the bucket. */
export const removeDeadSpools = () => removeDeadPartials(os.tmpdir(), SPOOL_PREFIX);

/** A request the bucket does not answer within this long (no bytes moving) is given up. */
const IDLE_TIMEOUT_MS = 60_000;
/** Enough of an error answer to name the S3 error code in the log. */
const ERROR_BODY_LIMIT = 4096;

export type ObjectRequest = {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: Buffer | Readable;
  contentLength?: number;
};

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, R2, …), so that several
 * copies of the app share them (decision 005). Objects are addressed
 * path-style (`<endpoint>/<bucket>/<prefix><key>`), which every such server
 * understands, and signed with SigV4 by aws4fetch. Bodies travel as streams
 * through node:http: a 300 MB video is never held in memory. Browsers still
 * fetch `/uploads/<key>` from the app (s3-media-proxy.ts), so stored URLs do
 * not depend on the store.
 */
export class S3MediaStore implements MediaStore {
  private readonly client: AwsClient;
  private readonly agent: http.Agent;

  constructor(
    private readonly s3: S3Config,
    private readonly urlPrefix = '/uploads/',
  ) {
    this.client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      service: 's3',
      region: s3.region,
    });
    this.agent = s3.endpoint.startsWith('https:') ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  }

  private objectUrl(key: string): URL {
    assertValidKey(key);
    return new URL(`${this.s3.endpoint}/${this.s3.bucket}/${this.s3.prefix}${key}`);
  }

  /**
   * Sends one signed request and resolves with the bucket's answer as a stream
   * (the caller reads or discards it). The payload is not hashed
   * (`UNSIGNED-PAYLOAD`), so a body can be streamed with its length known up front.
   */
  async request(key: string, { method, headers = {}, body, contentLength }: ObjectRequest): Promise<http.IncomingMessage> {
    const url = this.objectUrl(key);
    const signed = await this.client.sign(url.toString(), {
      method,
      headers: { ...headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    });
    const outgoing: Record<string, string> = Object.fromEntries(signed.headers);
    // The host was signed as the URL gives it; send exactly that.
    outgoing.host = url.host;
    if (contentLength !== undefined) outgoing['content-length'] = String(contentLength);
    const transport = url.protocol === 'https:' ? https : http;

    return new Promise((resolve, reject) => {
      const outgoingRequest = transport.request(url, { method, headers: outgoing, agent: this.agent, timeout: IDLE_TIMEOUT_MS }, (response) => {
        // From here the reader sets the pace: a visitor pausing a video holds back a proxied body for as long as it likes.
        outgoingRequest.setTimeout(0);
        resolve(response);
      });
      outgoingRequest.on('error', reject);
      outgoingRequest.on('timeout', () => outgoingRequest.destroy(new Error(`S3 ${method} ${key}: no answer in ${IDLE_TIMEOUT_MS} ms`)));
      if (body instanceof Readable) {
        body.on('error', (error) => outgoingRequest.destroy(error));
        body.pipe(outgoingRequest);
      } else {
        outgoingRequest.end(body);
      }
    });
  }

  /** Resolves when the bucket answered 2xx (or one of `alsoFine`); otherwise throws with S3's error code. */
  private async expectSuccess(key: string, request: ObjectRequest, alsoFine: number[] = []): Promise<void> {
    const response = await this.request(key, request);
    const status = response.statusCode ?? 0;
    if ((status >= 200 && status < 300) || alsoFine.includes(status)) {
      response.resume();
      return;
    }
    const detail = await readSome(response, ERROR_BODY_LIMIT);
    const code = /<Code>([^<]+)<\/Code>/.exec(detail)?.[1] ?? detail.slice(0, 200);
    throw new Error(`S3 ${request.method} ${this.s3.bucket}/${this.s3.prefix}${key} failed: ${status} ${code}`);
  }

  async save(key: string, data: Buffer, mimeType: string): Promise<void> {
    await this.expectSuccess(key, { method: 'PUT', headers: { 'content-type': mimeType }, body: data, contentLength: data.length });
  }

  /**
   * An upload's length is known only at its end, and a plain PUT needs it up
   * front: the file is spooled to a private temp file while counting, then
   * streamed from there. The temp file is removed in every case, and nothing
   * reaches the bucket if `source` throws (e.g. a size limit).
   */
  async saveStream(key: string, source: AsyncIterable<Uint8Array>, mimeType: string): Promise<number> {
    assertValidKey(key);
    const spool = path.join(os.tmpdir(), partialFileName(SPOOL_PREFIX));
    try {
      const bytes = await writeToNewFile(source, spool, 0o600);
      const file = fs.createReadStream(spool);
      try {
        await this.expectSuccess(key, { method: 'PUT', headers: { 'content-type': mimeType }, body: file, contentLength: bytes });
      } finally {
        file.destroy();
      }
      return bytes;
    } finally {
      await fs.promises.rm(spool, { force: true });
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const response = await this.request(key, { method: 'GET' });
    const status = response.statusCode ?? 0;
    if (status === 404) {
      response.resume();
      return null;
    }
    if (status < 200 || status >= 300) {
      const detail = await readSome(response, ERROR_BODY_LIMIT);
      throw new Error(`S3 GET ${this.s3.bucket}/${this.s3.prefix}${key} failed: ${status} ${detail.slice(0, 200)}`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a missing key too; some compatible servers say 404.
    await this.expectSuccess(key, { method: 'DELETE' }, [404]);
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `${this.urlPrefix}${key}`;
  }

  /**
   * Every object under the prefix with a flat generated name, a page of
   * ListObjectsV2 (`pageSize` keys) at a time. Pages follow each other by
   * `start-after` (the last key seen) rather than the opaque continuation
   * token: keys come in byte order either way, and some S3-compatible servers
   * mishandle continuation tokens.
   */
  async *list(pageSize = 1000): AsyncIterable<StoredFile> {
    let after: string | undefined;
    do {
      const url = new URL(`${this.s3.endpoint}/${this.s3.bucket}`);
      url.searchParams.set('list-type', '2');
      url.searchParams.set('max-keys', String(pageSize));
      if (this.s3.prefix) url.searchParams.set('prefix', this.s3.prefix);
      if (after) url.searchParams.set('start-after', after);
      const response = await this.client.fetch(url.toString(), { method: 'GET' });
      const xml = await response.text();
      if (!response.ok) {
        const code = /<Code>([^<]+)<\/Code>/.exec(xml)?.[1] ?? xml.slice(0, 200);
        throw new Error(`S3 list ${this.s3.bucket}/${this.s3.prefix} failed: ${response.status} ${code}`);
      }
      const page = parseListPage(xml);
      for (const object of page.objects) {
        const key = object.key.slice(this.s3.prefix.length);
        if (object.key.startsWith(this.s3.prefix) && isValidKey(key)) yield { key, modifiedMs: object.modifiedMs };
      }
      after = page.truncated ? page.objects.at(-1)?.key : undefined;
    } while (after);
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');

/** The keys and dates of one ListObjectsV2 answer, and whether more follow (flat, well-known XML: no parser needed). */
function parseListPage(xml: string): { objects: { key: string; modifiedMs: number }[]; truncated: boolean } {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(([, body = '']) => ({
    key: xmlText(/<Key>([^<]*)<\/Key>/.exec(body)?.[1] ?? ''),
    modifiedMs: Date.parse(/<LastModified>([^<]*)<\/LastModified>/.exec(body)?.[1] ?? ''),
  }));
  return { objects, truncated: /<IsTruncated>true<\/IsTruncated>/.test(xml) };
}

async function readSome(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      if (size < limit) chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
  } catch {
    // The answer broke off; what arrived is enough for the log.
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, limit);
}
