import type { MediaItem } from '../../../../shared/schemas/media';
import type { useMediaList } from '../../hooks/use-media-list';
import { formatBytes } from '../../lib/media-api';

type Props = {
  list: ReturnType<typeof useMediaList>;
  onSelect: (item: MediaItem) => void;
  selectedId?: string | null;
  /** Fixed by a picker (an image field lists images only); the library screen lets the owner choose. */
  lockedType?: 'image' | 'video';
  /** What a click does, for the button's accessible name: "Choose" in a picker, "Edit" in the library. */
  action: string;
};

/** The library as a grid, newest first, with search by file name or alt text, a type filter and paging. */
export function MediaBrowser({ list, onSelect, selectedId, lockedType, action }: Props) {
  const { filter, setFilter } = list;
  return (
    <div className="adm-library">
      <div className="adm-library__filters">
        <input
          type="search"
          className="adm-input"
          aria-label="Search media"
          placeholder="Search by file name or alt text"
          value={filter.q ?? ''}
          onChange={(event) => setFilter({ ...filter, q: event.target.value })}
        />
        {lockedType ? null : (
          <select className="adm-input" aria-label="Type" value={filter.type ?? ''} onChange={(event) => setFilter({ ...filter, type: event.target.value as 'image' | 'video' | '' })}>
            <option value="">All types</option>
            <option value="image">Images</option>
            <option value="video">Videos</option>
          </select>
        )}
        <span className="adm-library__count" role="status" aria-busy={(list.loading && list.items.length === 0) || undefined}>
          {list.loading && list.items.length === 0 ? 'Loading...' : `${list.total} item${list.total === 1 ? '' : 's'}`}
        </span>
      </div>
      {list.error ? (
        <p className="adm-field__error" role="alert">
          {list.error}
        </p>
      ) : null}
      <ul className="adm-library__grid">
        {list.items.map((item) => (
          <li key={item.id} className={`adm-library__item${item.id === selectedId ? ' adm-library__item--selected' : ''}`}>
            <button type="button" className="adm-library__pick" onClick={() => onSelect(item)} aria-label={`${action} ${item.name || item.url}`}>
              {item.type === 'image' ? (
                <img src={item.url} alt="" loading="lazy" decoding="async" width={item.width ?? undefined} height={item.height ?? undefined} />
              ) : (
                <video src={item.url} preload="none" muted aria-hidden="true" />
              )}
            </button>
            <div className="adm-library__meta">
              <span className="adm-library__name" title={item.name}>
                {item.name || item.url.split('/').pop()}
              </span>
              <span>
                {item.width && item.height ? `${item.width}×${item.height} · ` : ''}
                {formatBytes(item.bytes)}
              </span>
              <span>{item.usedBy.length ? `Used by ${item.usedBy.map((usage) => usage.title).join(', ')}` : 'Not used'}</span>
            </div>
          </li>
        ))}
      </ul>
      {list.hasMore ? (
        <button type="button" className="adm-button" onClick={() => void list.loadMore()} disabled={list.loading}>
          {list.loading ? 'Loading...' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
