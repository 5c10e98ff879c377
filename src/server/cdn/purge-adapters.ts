import type { CdnConfig } from '../config';

/** One HTTP call of a purge: what a provider's API is sent. */
export type PurgeCall = { url: string; headers: Record<string, string>; body?: string };

const DEFAULT_API: Record<CdnConfig['kind'], string | undefined> = {
  cloudflare: 'https://api.cloudflare.com/client/v4',
  fastly: 'https://api.fastly.com',
  bunny: 'https://api.bunny.net',
  http: undefined,
};

/** Keys per call: Cloudflare takes 30 tags per purge on every plan, Fastly 256 surrogate keys, Bunny one tag. */
const KEYS_PER_CALL: Record<CdnConfig['kind'], number> = { cloudflare: 30, fastly: 256, bunny: 1, http: 256 };

const chunks = (keys: readonly string[], size: number): string[][] => {
  const out: string[][] = [];
  for (let i = 0; i < keys.length; i += size) out.push(keys.slice(i, i + size));
  return out;
};

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * The calls that purge `keys` at the configured CDN (all POSTs), per its documented API:
 * - cloudflare: `POST {base}/zones/{CDN_ZONE}/purge_cache`, `Authorization: Bearer`, `{"tags": [...]}`
 * - fastly: `POST {base}/service/{CDN_ZONE}/purge`, `Fastly-Key`, keys in a `Surrogate-Key` header
 * - bunny: `POST {base}/pullzone/{CDN_ZONE}/purgeCache`, `AccessKey`, `{"CacheTag": "..."}` (one tag a call)
 * - http: `POST {CDN_PURGE_URL}`, `Authorization: Bearer` when a token is set, `{"keys": [...], "zone": ...}`
 */
export function purgeCalls(cdn: CdnConfig, keys: readonly string[]): PurgeCall[] {
  const base = cdn.url ?? DEFAULT_API[cdn.kind]!;
  const zone = encodeURIComponent(cdn.zone ?? '');
  const bearer: Record<string, string> = cdn.token ? { authorization: `Bearer ${cdn.token}` } : {};
  return chunks(keys, KEYS_PER_CALL[cdn.kind]).map((batch): PurgeCall => {
    switch (cdn.kind) {
      case 'cloudflare':
        return { url: `${base}/zones/${zone}/purge_cache`, headers: { ...JSON_TYPE, ...bearer }, body: JSON.stringify({ tags: batch }) };
      case 'fastly':
        return { url: `${base}/service/${zone}/purge`, headers: { 'fastly-key': cdn.token ?? '', 'surrogate-key': batch.join(' '), accept: 'application/json' } };
      case 'bunny':
        return { url: `${base}/pullzone/${zone}/purgeCache`, headers: { ...JSON_TYPE, accesskey: cdn.token ?? '' }, body: JSON.stringify({ CacheTag: batch[0] }) };
      case 'http':
        return { url: base, headers: { ...JSON_TYPE, ...bearer }, body: JSON.stringify({ keys: batch, ...(cdn.zone ? { zone: cdn.zone } : {}) }) };
    }
  });
}
