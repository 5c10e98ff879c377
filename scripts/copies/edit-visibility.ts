/** How long the harness waits for an edit to show everywhere before it counts it as not shown. */
export const EDIT_WAIT_MS = 10_000;
/** The editor's own requests (read, save) give up after this long. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Milliseconds from an edit acknowledged by the first copy until every copy's page shows it: the
 * product's title is changed through the first copy's API, and each copy's page is asked for
 * directly (not through nginx) until it prints the new title. Infinity: some copy did not show it
 * within EDIT_WAIT_MS.
 */
export async function measureEditVisibility(ports: readonly number[], token: string, product: { id: string; slug: string }, title: string): Promise<number> {
  const [first] = ports;
  const authorization = `Bearer ${token}`;
  // An editor told 503 (a busy database) or left without an answer saves again, as the admin does.
  const untilDone = async (send: () => Promise<Response>, what: string): Promise<Response> => {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await send().catch((error: unknown) => {
        if (attempt === 5) throw new Error(`${what}: no answer (${error instanceof Error ? error.message : String(error)})`);
        return undefined;
      });
      if (answer && (answer.status !== 503 || attempt === 5)) {
        if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
        return answer;
      }
      await answer?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, Number(answer?.headers.get('retry-after') ?? 1) * 1000));
    }
  };
  const read = await untilDone(() => fetch(`http://127.0.0.1:${first}/api/products/${product.id}`, { headers: { authorization }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }), 'could not read the product to edit');
  const current = ((await read.json()) as { data: Record<string, unknown> }).data;
  const put = () =>
    fetch(`http://127.0.0.1:${first}/api/products/${product.id}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ ...current, title }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  await untilDone(put, 'the edit was refused');
  const acknowledgedAt = Date.now();
  const deadline = acknowledgedAt + EDIT_WAIT_MS;
  const seen = await Promise.all(
    ports.map(async (port) => {
      while (Date.now() < deadline) {
        const page = await fetch(`http://127.0.0.1:${port}/product/${product.slug}`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) }).then((r) => r.text(), () => '');
        if (page.includes(title)) return true;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return false;
    }),
  );
  return seen.every(Boolean) ? Date.now() - acknowledgedAt : Infinity;
}
