/** JSON columns are text in both dialects; a damaged value falls back instead of failing the page. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const nowIso = () => new Date().toISOString();
