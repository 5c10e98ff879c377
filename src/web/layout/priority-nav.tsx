import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { NavLink } from '../components/link';
import { useDisclosure } from '../hooks/use-disclosure';

export type NavItem = {
  key: string;
  label: string;
  to: string;
  /** Active only on this exact path (Home). */
  end?: boolean;
  /** A separate app (the back-office): a full page load, not a client navigation. */
  fullLoad?: boolean;
  /** Another site: opened in a new tab. */
  external?: boolean;
};

/** Where the header shows its links in a row; below it, the menu toggle opens them as a list (layout.css). */
const ROW_MEDIA = '(min-width: 1024px)';
const MORE_LABEL = 'More';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'site-nav__link is-active' : 'site-nav__link');

function ItemLink({ item }: { item: NavItem }) {
  if (item.external) {
    return (
      <a href={item.to} className="site-nav__link" target="_blank" rel="noopener noreferrer">
        {item.label}
      </a>
    );
  }
  if (item.fullLoad) {
    return (
      <a href={item.to} className="site-nav__link">
        {item.label}
      </a>
    );
  }
  return (
    <NavLink to={item.to} end={item.end} className={navClass}>
      {item.label}
    </NavLink>
  );
}

/**
 * How many items fit in the row, the "More" menu taking its place after them when some don't:
 * from the widths of an unseen copy of the items, so nothing is ever cut or overlaps.
 */
function fittingCount(available: number, widths: number[], moreWidth: number, gap: number): number {
  const total = widths.reduce((sum, width, index) => sum + width + (index > 0 ? gap : 0), 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    if (used + gap + width > available) break;
    used += gap + width;
    count += 1;
  }
  return count;
}

/** The number of items shown in the row, or null before the browser has measured (server render, no JavaScript). */
function useRowCount(bar: RefObject<HTMLDivElement | null>, copy: RefObject<HTMLUListElement | null>, measuring: boolean, labels: string): number | null {
  const [count, setCount] = useState<number | null>(null);
  useLayoutEffect(() => {
    const barElement = bar.current;
    const copyElement = copy.current;
    if (!measuring || !barElement || !copyElement) return;
    const measure = () => {
      // Below the row's breakpoint every item is in the menu's list: nothing to measure, and no
      // layout forced while the page hydrates on a phone. The copy's last child is "More".
      if (!window.matchMedia(ROW_MEDIA).matches) return setCount(copyElement.children.length - 1);
      const widths = [...copyElement.children].map((child) => child.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const gap = parseFloat(getComputedStyle(copyElement).columnGap) || 0;
      // A pixel of slack against rounding: an item that fits by less than that goes to the menu.
      setCount(fittingCount(barElement.clientWidth - 1, widths, moreWidth, gap));
    };
    measure();
    // The bar's width follows the window and the header's other parts; the copy's follows the web font.
    const observer = new ResizeObserver(measure);
    observer.observe(barElement);
    observer.observe(copyElement);
    return () => observer.disconnect();
  }, [bar, copy, measuring, labels]);
  return count;
}

/**
 * The header's links: as many as fit in one row, the rest in a "More" menu, at any width and any
 * number of categories. Before JavaScript measures (and without it), every link is in the menu too,
 * and the row hides whole links that don't fit rather than cutting them (layout.css).
 */
export function PriorityNav({ items }: { items: NavItem[] }) {
  const bar = useRef<HTMLDivElement>(null);
  const copy = useRef<HTMLUListElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const count = useRowCount(bar, copy, hydrated, items.map((item) => item.label).join('\n'));
  useDisclosure(details);

  const row = count === null ? items : items.slice(0, count);
  const rest = count === null ? items : items.slice(count);
  return (
    <div ref={bar} className={count === null ? 'site-nav__bar is-unmeasured' : 'site-nav__bar'}>
      <ul className="site-nav__list">
        {row.map((item) => (
          <li key={item.key}>
            <ItemLink item={item} />
          </li>
        ))}
      </ul>
      {rest.length > 0 && (
        <details ref={details} className="site-nav__more">
          <summary className="site-nav__link site-nav__more-toggle">{MORE_LABEL}</summary>
          <ul className="site-nav__more-list">
            {rest.map((item) => (
              <li key={item.key}>
                <ItemLink item={item} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {hydrated && (
        <div className="site-nav__measure" aria-hidden="true">
          <ul ref={copy} className="site-nav__measure-list">
            {items.map((item) => (
              <li key={item.key} className="site-nav__link">
                {item.label}
              </li>
            ))}
            <li className="site-nav__link site-nav__more-toggle">{MORE_LABEL}</li>
          </ul>
        </div>
      )}
    </div>
  );
}
