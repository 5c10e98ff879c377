/**
 * A server-rendered page inlines only the rules its own HTML uses; the whole stylesheet comes as a
 * link with `media="print"`, loaded without holding up the first paint (decision 077). The script
 * switches it on before the page hydrates, so whatever it shows later (menus, dialogs, the next
 * page) is styled. The same rules in the same order: nothing already shown changes.
 */
export const WHOLE_STYLESHEET_ATTRIBUTE = 'data-whole-stylesheet';

let ready: Promise<void> | undefined;

/** Resolves once every whole-stylesheet link applies (loaded, or failed: nothing to wait for then). */
export function wholeStylesheet(): Promise<void> {
  if (ready) return ready;
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${WHOLE_STYLESHEET_ATTRIBUTE}]`)];
  ready = Promise.all(
    links.map((link) => {
      const loaded = link.sheet
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          });
      link.media = 'all';
      return loaded;
    }),
  ).then(() => undefined);
  return ready;
}
