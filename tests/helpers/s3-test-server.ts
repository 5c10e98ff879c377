import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { AwsClient } from 'aws4fetch';

/** s3rver's built-in account. */
export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverOptions = { address: string; port: number; directory: string; silent: boolean; configureBuckets: Array<{ name: string }> };
// s3rver ships no type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

export type LoggedRequest = { method: string; path: string; contentLength: string | undefined };

export type S3TestServer = {
  /** The signature-checking front door: give this to the app as S3_ENDPOINT. */
  endpoint: string;
  /** Every request that reached the front door, in order. */
  requests: LoggedRequest[];
  /** Requests refused for a bad signature or a missing Content-Length. */
  refused: string[];
  /** Keys in a bucket (straight from s3rver, not through the app). */
  keys(bucket: string): Promise<string[]>;
  object(bucket: string, key: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Checks an AWS Signature Version 4 header the way S3 does, written from the
 * AWS documentation independently of aws4fetch: s3rver itself accepts any v4
 * signature, so without this a wrong signing would pass unnoticed.
 */
function signatureProblem(request: http.IncomingMessage): string | undefined {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    request.headers.authorization ?? '',
  );
  if (!auth) return 'missing or malformed Authorization';
  const [, accessKey, day, region, signedHeaders, signature] = auth as unknown as [string, string, string, string, string, string];
  if (accessKey !== S3_ACCESS_KEY_ID) return 'unknown access key';
  const amzDate = request.headers['x-amz-date'];
  const payloadHash = request.headers['x-amz-content-sha256'];
  if (typeof amzDate !== 'string' || !amzDate.startsWith(day)) return 'x-amz-date missing or not the credential day';
  if (typeof payloadHash !== 'string') return 'x-amz-content-sha256 missing';
  const names = signedHeaders.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!names.includes(required)) return `${required} not signed`;

  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?');
  const canonicalPath = rawPath.split('/').map((segment) => rfc3986(decodeURIComponent(segment))).join('/');
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part ?? ''))))
    .map(([key = '', value = '']) => `${key}=${value}`)
    .sort()
    .join('&');
  const canonicalHeaders = names.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [request.method, canonicalPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${S3_SECRET_ACCESS_KEY}`, day), region), 's3'), 'aws4_request');
  const expected = hmac(key, stringToSign);
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? undefined : 'SignatureDoesNotMatch';
}

const refuse = (response: http.ServerResponse, status: number, code: string) =>
  response.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><Error><Code>${code}</Code></Error>`);

/**
 * A real S3-compatible server (s3rver, on loopback, files in a temp folder)
 * behind a front door that, like S3, refuses a wrong SigV4 signature, a
 * signed payload hash that does not match the body, and a PUT without a
 * Content-Length.
 */
/** `ports`: where the front door and s3rver listen (any free ports unless given: the copies harness keeps to its own range). */
export async function startS3TestServer(buckets: string[], ports: { front?: number; backend?: number } = {}): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: ports.backend ?? 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
  const backend = await s3rver.run();
  const requests: LoggedRequest[] = [];
  const refused: string[] = [];

  const front = http.createServer((request, response) => {
    const contentLength = request.headers['content-length'];
    requests.push({ method: request.method ?? '', path: request.url ?? '', contentLength });
    const problem =
      signatureProblem(request) ?? (request.method === 'PUT' && contentLength === undefined ? 'MissingContentLength' : undefined);
    if (problem) {
      refused.push(`${request.method} ${request.url}: ${problem}`);
      request.resume();
      return refuse(response, problem === 'MissingContentLength' ? 411 : 403, problem);
    }
    const forward = http.request(
      { host: backend.address, port: backend.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    response.on('close', () => forward.destroy());
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (payloadHash === 'UNSIGNED-PAYLOAD') {
      request.pipe(forward);
      return;
    }
    // A signed payload hash must match the bytes sent.
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (sha256(body) !== payloadHash) {
        refused.push(`${request.method} ${request.url}: XAmzContentSHA256Mismatch`);
        forward.destroy();
        return refuse(response, 400, 'XAmzContentSHA256Mismatch');
      }
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => front.listen(ports.front ?? 0, '127.0.0.1', resolve));
  const frontPort = (front.address() as AddressInfo).port;

  const direct = new AwsClient({ accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY, service: 's3', region: REGION });
  const backendUrl = `http://127.0.0.1:${backend.port}`;

  return {
    endpoint: `http://127.0.0.1:${frontPort}`,
    requests,
    refused,
    async keys(bucket) {
      const response = await direct.fetch(`${backendUrl}/${bucket}?list-type=2&max-keys=1000`);
      if (response.status !== 200) throw new Error(`listing ${bucket}: ${response.status}`);
      return [...(await response.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!).sort();
    },
    async object(bucket, key) {
      const response = await direct.fetch(`${backendUrl}/${bucket}/${key}`);
      if (response.status === 404) return undefined;
      return Buffer.from(await response.arrayBuffer());
    },
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
