/**
 * Written into each page with a priority picture (its hero) in place of its script tags: it starts
 * the page's own scripts (the entry and the modules it preloads) once that picture is painted. On a
 * phone's slow link the picture's bytes no longer share it with ~85 kB of script, and evaluating the
 * script no longer delays the frame that shows the picture (decision 048). Until then the page is
 * what the server rendered: its links and forms are plain HTML and work.
 *
 * It imports nothing, so it stays a few hundred bytes that the server writes into the page (the
 * security policy allows it by its hash, client-manifest.ts).
 */
// Its own tag carries what to start (html-document.ts): `data-entry` and `data-modules`.
const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');
const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
let started = false;

function startPageScripts(): void {
  if (started || !tag?.dataset.entry) return;
  started = true;
  // import() rather than new <script> and <link rel="modulepreload"> elements, which changes nothing in
  // the document: inserting them cost one 21 ms task in a Lighthouse trace (3.8 ms for one link here).
  for (const href of [tag.dataset.entry, ...(tag.dataset.modules ?? '').split(' ').filter(Boolean)]) {
    import(/* @vite-ignore */ href).catch((error: unknown) => console.error(`could not load ${href}`, error));
  }
}

/** Chromium and Firefox report the largest paint; elsewhere the picture being decoded has to do. */
const reportsLargestPaint =
  typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');

if (!picture) {
  startPageScripts();
} else {
  if (reportsLargestPaint) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === picture)) return;
      observer.disconnect();
      startPageScripts();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  // A picture that is not the largest paint (a wide screen's larger heading, a hidden hero, a picture
  // too plain to count) is never reported: start 300 ms after the page has loaded. Not after
  // `picture.decode()`: in Lighthouse's loads, asking for the decode held the page's first frame on
  // screen back by about a second (decision 048). A picture that fails to load starts them at once.
  const afterLoad = () => setTimeout(startPageScripts, reportsLargestPaint ? 300 : 0);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  picture.addEventListener('error', startPageScripts, { once: true });
}
