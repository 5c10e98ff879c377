/**
 * Keyboard use of the rich-text editor: Tab leaves it (Quill would insert a
 * tab character, trapping a keyboard user inside), and its toolbar is one tab
 * stop whose buttons the arrow keys move between (the ARIA toolbar pattern),
 * instead of some twenty stops between Info and Description.
 */

/** Quill keyboard bindings: Tab and Shift+Tab do what they do everywhere else on the page. */
export const TAB_LEAVES_EDITOR = {
  tab: { key: 'Tab', handler: () => true },
  // Quill's list and quote indenting by Tab; the toolbar's list buttons remain.
  indent: false,
  outdent: false,
  'indent code-block': false,
  'outdent code-block': false,
} as const;

const ITEMS = 'button, .ql-picker-label';

export function makeToolbarOneTabStop(toolbar: HTMLElement) {
  const items = () => Array.from(toolbar.querySelectorAll<HTMLElement>(ITEMS));
  const focusOn = (target: HTMLElement) => {
    for (const item of items()) item.tabIndex = item === target ? 0 : -1;
    target.focus();
  };
  const [first] = items();
  if (first) for (const item of items()) item.tabIndex = item === first ? 0 : -1;
  toolbar.addEventListener('keydown', (event) => {
    const all = items();
    const at = all.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusOn(all[(next + all.length) % all.length]!);
  });
  // A click also moves the tab stop, so Tab comes back to the button last used.
  toolbar.addEventListener('focusin', (event) => {
    const target = event.target as HTMLElement;
    if (items().includes(target)) for (const item of items()) item.tabIndex = item === target ? 0 : -1;
  });
}
