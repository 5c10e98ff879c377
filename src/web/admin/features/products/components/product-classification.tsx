import type { Category, Tag } from '../../../../../shared/schemas';
import { TagSelector } from './tag-selector';

type Props = {
  categories: Category[];
  selected: string[];
  onCategories: (ids: string[]) => void;
  tags: Tag[];
  selectedTags: string[];
  onTags: (ids: string[]) => void;
  onTagCreated: (tag: Tag) => void;
};

/**
 * Categories and tags, in the form's main flow: a product in no category is
 * on no category page, so the form says so rather than let it go unnoticed.
 */
export function ProductClassification({ categories, selected, onCategories, tags, selectedTags, onTags, onTagCreated }: Props) {
  const toggle = (categoryId: string, checked: boolean) =>
    onCategories(checked ? [...selected, categoryId] : selected.filter((existing) => existing !== categoryId));
  return (
    <>
      <fieldset className="adm-fieldset" aria-describedby={selected.length === 0 ? 'product-no-category' : undefined}>
        <legend className="adm-fieldset__legend">Categories</legend>
        {categories.length === 0 ? <p className="adm-field__hint">No categories yet.</p> : null}
        <div className="adm-checkbox-grid">
          {categories.map((category) => (
            <label key={category.id} className="adm-checkbox">
              <input type="checkbox" checked={selected.includes(category.id)} onChange={(event) => toggle(category.id, event.target.checked)} />
              {category.title}
            </label>
          ))}
        </div>
        {selected.length === 0 ? (
          <p className="adm-field__warning" id="product-no-category">
            This product is in no category: it will not appear on any category page.
          </p>
        ) : null}
      </fieldset>
      <TagSelector tags={tags} onTagCreated={onTagCreated} selected={selectedTags} onChange={onTags} />
    </>
  );
}
