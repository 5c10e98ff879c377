import { mediaKey } from '../../cdn/surrogate-keys';
import { surrogateKeyHeaders } from '../../cdn/cache-control';
import type { Config } from '../../config';

/** A stored file's surrogate keys (`media` and `media:<name>`), so deleting an item purges the file and its variants. */
export function mediaKeyHeaders(fileName: string, config: Pick<Config, 'cdn'>): Array<[string, string]> {
  const key = mediaKey(`/uploads/${fileName}`);
  const flat = surrogateKeyHeaders(key ? ['media', key] : ['media'], config);
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
  return pairs;
}
