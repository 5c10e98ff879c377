import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from '../router';
import type { SearchHit } from '../../shared/schemas/search';
import { MAX_QUERY_LENGTH } from '../../shared/search-text';
import { suggest } from '../api/search-source';
import { MarkedText } from '../components/marked-text';
import { normaliseQuery, searchQueryString } from '../search-params';
import { useDisclosure } from '../hooks/use-disclosure';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
const SUGGEST_DELAY_MS = 200;
const SUGGEST_MIN_LENGTH = 2;
const SUGGESTIONS = 6;

const SearchIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * The header's search box. Without JavaScript it is a plain GET form to
 * /search; with it, matching products are suggested while typing, as an ARIA
 * combobox: arrows move through the list, Enter opens the chosen one (or
 * searches), Escape closes. On small screens it folds into an icon, a
 * `<details>` that opens the box from the first paint (and without
 * JavaScript), so the header never overflows.
 */
export function HeaderSearch() {
  const id = useId();
  const inputId = `${id}-q`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const fold = useRef<HTMLDetailsElement>(null);
  const area = useRef<HTMLDivElement>(null);
  useDisclosure(fold, area);
  const [value, setValue] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [total, setTotal] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  // Escape means "no suggestions" until the words change: an answer arriving later must not reopen the list.
  const dismissed = useRef(false);

  // Somewhere else now: the suggestions close (and the small screens' open box, use-disclosure.ts).
  useEffect(() => setListOpen(false), [pathname, search]);

  useEffect(() => {
    const words = normaliseQuery(value);
    if (words.length < SUGGEST_MIN_LENGTH) {
      setHits([]);
      setListOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest(words, SUGGESTIONS, controller.signal)
        .then((page) => {
          setHits(page.items);
          setTotal(page.total);
          setActive(-1);
          setListOpen(document.activeElement === inputRef.current && !dismissed.current);
        })
        // A failed or overtaken suggestion request leaves the form working as it is.
        .catch(() => {});
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const q = normaliseQuery(value);
  const resultsHref = `/search${searchQueryString({ q, page: 1 })}`;
  // The options: each suggested product, then "all results".
  const optionCount = hits.length > 0 ? hits.length + 1 : 0;
  const showList = listOpen && optionCount > 0;

  const choose = (index: number) => {
    setListOpen(false);
    const hit = hits[index];
    void navigate(hit ? `/product/${hit.slug}` : resultsHref);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!q) return;
    setListOpen(false);
    void navigate(resultsHref);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (optionCount === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setListOpen(true);
      // A ring of the options and the box itself (-1): past either end the typed words are back.
      const ring = optionCount + 1;
      setActive((current) => ((current + 1 + step + ring) % ring) - 1);
    } else if (event.key === 'Enter' && showList && active >= 0 && active < optionCount) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && showList) {
      // Handled here, the small screens' open box stays (the next Escape closes it, use-disclosure.ts).
      event.preventDefault();
      dismissed.current = true;
      setListOpen(false);
      setActive(-1);
    }
  };

  return (
    <div
      ref={area}
      className="header-search"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setListOpen(false);
      }}
    >
      {/* Stays above the open box as its close control. Its open state is the summary's own (expanded). */}
      <details
        ref={fold}
        className="header-search__fold"
        onToggle={(event) => {
          if (event.currentTarget.open) inputRef.current?.focus();
        }}
      >
        <summary className="header-search__toggle" aria-label="Search" aria-controls={`${id}-form`}>
          <SearchIcon />
          <span className="header-search__toggle-close" aria-hidden="true">
            ×
          </span>
        </summary>
      </details>
      <form id={`${id}-form`} className="header-search__form" action="/search" method="get" role="search" aria-label="Site search" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor={inputId}>
          Search products
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="header-search__input"
          type="search"
          name="q"
          placeholder="Search"
          autoComplete="off"
          maxLength={MAX_QUERY_LENGTH}
          required
          value={value}
          onChange={(event) => {
            dismissed.current = false;
            setValue(event.target.value);
          }}
          onFocus={() => setListOpen(hits.length > 0)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        />
        <button className="header-search__submit" type="submit" aria-label="Search">
          <SearchIcon />
        </button>
        <ul id={listId} className="header-search__list" role="listbox" aria-label="Suggestions" hidden={!showList}>
          {hits.map((hit, index) => (
            <li
              key={hit.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="header-search__option"
              // Keeps the focus in the box, so the click is not lost to a blur that closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
            >
              <span className="header-search__option-title">
                <MarkedText pieces={hit.marked.title} />
              </span>
              {hit.marked.info.length > 0 && (
                <span className="header-search__option-info">
                  <MarkedText pieces={hit.marked.info} />
                </span>
              )}
            </li>
          ))}
          <li
            id={optionId(hits.length)}
            role="option"
            aria-selected={active === hits.length}
            className="header-search__option header-search__option--all"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(hits.length)}
          >
            {total === 1 ? 'Show the result' : `Show all ${total} results`}
          </li>
        </ul>
        <div className="visually-hidden" role="status" aria-live="polite">
          {listOpen && q.length >= SUGGEST_MIN_LENGTH ? (total === 0 ? 'No products found' : `${total} products found, arrow keys to choose`) : ''}
        </div>
      </form>
    </div>
  );
}
