import { useId, useState, type ReactNode } from 'react';
import { Link } from '../../../components/link';
import {
  NAV_FOOTER_COLUMNS_MAX,
  NAV_HEADER_MAX,
  NAV_LINKS_MAX,
  NavigationSchema,
  type Navigation,
  type NavigationInput,
} from '../../../../../shared/schemas/navigation';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { EditorFooter } from '../../../components/ui/editor-footer';
import { TextField } from '../../../components/ui/form-field';
import { KeptDraftOffer } from '../../../components/ui/kept-draft-offer';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { MoveButtons, useMoveAnnouncer } from '../../../components/ui/move-buttons';
import { PageHeader } from '../../../components/ui/page-header';
import { SaveButton } from '../../../components/ui/save-button';
import { SaveSummary } from '../../../components/ui/save-summary';
import { LoadError } from '../../../components/ui/save-feedback';
import { ReorderContext, useSortableItem } from '../../../components/ui/sortable';
import { useEditForm } from '../../../hooks/use-edit-form';
import { useLoad } from '../../../hooks/use-load';
import { hasErrorsUnder, nestedErrors, schemaErrors, type FieldErrors } from '../../../lib/field-errors';
import { saveFailureText } from '../../../lib/save-failure';
import { paths } from '../../../lib/paths';
import { getNavigation, loadLinkTargets, saveNavigation, type LinkTargets } from '../api/navigation';
import { LinkFields, type LinkValue } from './link-fields';

/** On screen each link and column has a key of its own, for dragging and for React; it is not saved. */
type LinkForm = LinkValue & { key: string };
type HeaderItemForm = LinkForm & { children: LinkForm[] };
type ColumnForm = { key: string; heading: string; links: LinkForm[] };
type NavForm = { header: HeaderItemForm[]; footer: ColumnForm[] };

const newKey = () => crypto.randomUUID();
const keyed = ({ label, href }: LinkValue, key: string = newKey()): LinkForm => ({ key, label, href });
// Loaded menus get keys from their places, so two reads of the same menus are the same form: after an
// edit conflict, "Reload and keep my changes" then names only what the other window really changed.
const toForm = (navigation: Navigation): NavForm => ({
  header: navigation.header.map((item, i) => ({ ...keyed(item, `h${i}`), children: (item.children ?? []).map((child, j) => keyed(child, `h${i}.${j}`)) })),
  footer: navigation.footer.map((column, i) => ({ key: `f${i}`, heading: column.heading, links: column.links.map((link, j) => keyed(link, `f${i}.${j}`)) })),
});
const plain = ({ label, href }: LinkValue): LinkValue => ({ label, href });
const toInput = (form: NavForm): NavigationInput => ({
  header: form.header.map((item) => ({ ...plain(item), ...(item.children.length ? { children: item.children.map(plain) } : {}) })),
  footer: form.footer.map((column) => ({ heading: column.heading, links: column.links.map(plain) })),
});
// What counts as a change: the menus, not the keys made for them on screen.
const snapshot = (form: NavForm) => JSON.stringify(toInput(form));

const move = <T,>(items: T[], from: number, to: number) => {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
};
const replaceAt = <T,>(items: T[], index: number, change: (item: T) => T) => items.map((item, i) => (i === index ? change(item) : item));

export default function NavigationScreen() {
  const state = useLoad(getNavigation, 'navigation');
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') return <LoadError what="the navigation" />;
  return <NavigationForm loaded={state.data} />;
}

function NavigationForm({ loaded }: { loaded: Navigation }) {
  // Made once: the keys of the links must stay what they are across renders.
  const [initial] = useState(() => toForm(loaded));
  const targetsState = useLoad(loadLinkTargets, 'link targets');
  const targets = targetsState.status === 'ready' ? targetsState.data : null;
  const { announce, region } = useMoveAnnouncer();
  const editor = useEditForm({
    draftKey: 'navigation',
    reload: async () => toForm(await getNavigation()),
    initial,
    snapshot,
    validate: (form) => schemaErrors(NavigationSchema, toInput(form)),
    failureText: (error) => saveFailureText(error, 'Failed to save navigation'),
    save: async (form) => {
      await saveNavigation(NavigationSchema.parse(toInput(form)));
    },
  });
  const { form, setForm, errors } = editor;
  const setHeader = (change: (header: HeaderItemForm[]) => HeaderItemForm[]) => setForm((current) => ({ ...current, header: change(current.header) }));
  const setFooter = (change: (footer: ColumnForm[]) => ColumnForm[]) => setForm((current) => ({ ...current, footer: change(current.footer) }));

  const moveHeader = (from: number, to: number) => {
    const item = form.header[from];
    setHeader((header) => move(header, from, to));
    announce(`${item?.label || 'Menu item'} moved to position ${to + 1} of ${form.header.length}.`);
  };
  const moveColumn = (from: number, to: number) => {
    const column = form.footer[from];
    setFooter((footer) => move(footer, from, to));
    announce(`Column ${column?.heading || from + 1} moved to position ${to + 1} of ${form.footer.length}.`);
  };

  const saveButton = (
    <SaveButton status={editor.status} onClick={() => void editor.submit()} refused={editor.invalid} />
  );
  return (
    <div className="adm-page">
      <PageHeader
        title="Navigation"
        description="The header menu and the footer columns of the site. Drag a link by its handle, or use Move up and Move down."
        actions={
          <>
            <SaveSummary errors={errors} failure={editor.failure} />
            {saveButton}
          </>
        }
      />
      {region}
      <KeptDraftOffer editor={editor} />
      <CollapsibleSection title="Header" hasErrors={hasErrorsUnder(errors, ['header'])}>
        <p className="adm-field__hint">
          Until the menus are first saved, the header lists Home, every category and About, and new categories join it by themselves. Links to a category, product or page that
          visitors can no longer see drop out of the menu.
        </p>
        {errors.header ? (
          <p className="adm-field__error" role="alert">
            Header {errors.header}
          </p>
        ) : null}
        <ReorderContext ids={form.header.map((item) => item.key)} onMove={moveHeader} labelOf={(key) => `header item ${form.header.findIndex((item) => item.key === key) + 1}`}>
          <ol className="adm-nav-list">
            {form.header.map((item, index) => {
              const name = `Header item ${index + 1}`;
              const itemErrors = nestedErrors(errors, `header.${index}`);
              return (
                <SortableCard
                  key={item.key}
                  id={item.key}
                  name={name}
                  index={index}
                  count={form.header.length}
                  onMove={moveHeader}
                  onRemove={() => {
                    setHeader((header) => header.filter((_, i) => i !== index));
                    announce(`${name} removed.`);
                  }}
                >
                  <LinkFields
                    name={name}
                    value={item}
                    errors={itemErrors}
                    targets={targets}
                    onChange={(change) => setHeader((header) => replaceAt(header, index, (current) => ({ ...current, ...change })))}
                  />
                  <SubLinks
                    parent={name}
                    links={item.children}
                    errors={nestedErrors(itemErrors, 'children')}
                    listError={itemErrors.children}
                    targets={targets}
                    announce={announce}
                    onChange={(change) => setHeader((header) => replaceAt(header, index, (current) => ({ ...current, children: change(current.children) })))}
                  />
                </SortableCard>
              );
            })}
          </ol>
        </ReorderContext>
        {form.header.length < NAV_HEADER_MAX ? (
          <button type="button" className="adm-button" onClick={() => setHeader((header) => [...header, { ...keyed({ label: '', href: '' }), children: [] }])}>
            Add header item
          </button>
        ) : (
          <p className="adm-field__hint">The header holds at most {NAV_HEADER_MAX} items.</p>
        )}
      </CollapsibleSection>
      <CollapsibleSection title="Footer" hasErrors={hasErrorsUnder(errors, ['footer'])}>
        <p className="adm-field__hint">Up to {NAV_FOOTER_COLUMNS_MAX} columns, each with a heading and its links.</p>
        {errors.footer ? (
          <p className="adm-field__error" role="alert">
            Footer {errors.footer}
          </p>
        ) : null}
        <ol className="adm-nav-columns">
          {form.footer.map((column, index) => (
            <FooterColumn
              key={column.key}
              column={column}
              index={index}
              count={form.footer.length}
              errors={nestedErrors(errors, `footer.${index}`)}
              targets={targets}
              announce={announce}
              onMove={moveColumn}
              onRemove={() => {
                setFooter((footer) => footer.filter((_, i) => i !== index));
                announce(`Column ${index + 1} removed.`);
              }}
              onChange={(change) => setFooter((footer) => replaceAt(footer, index, change))}
            />
          ))}
        </ol>
        {form.footer.length < NAV_FOOTER_COLUMNS_MAX ? (
          <button type="button" className="adm-button" onClick={() => setFooter((footer) => [...footer, { key: newKey(), heading: '', links: [] }])}>
            Add footer column
          </button>
        ) : (
          <p className="adm-field__hint">The footer holds at most {NAV_FOOTER_COLUMNS_MAX} columns.</p>
        )}
      </CollapsibleSection>
      <CollapsibleSection title="Social links">
        <p>
          The footer shows the site&apos;s social links (with their icons) under the columns. They are edited with the site&apos;s name and logo in{' '}
          <Link to={paths.site}>Site settings</Link>.
        </p>
      </CollapsibleSection>
      <EditorFooter editor={editor} errors={errors} viewHref="/">
        {saveButton}
      </EditorFooter>
    </div>
  );
}

type CardProps = { id: string; name: string; index: number; count: number; onMove: (from: number, to: number) => void; onRemove: () => void; children: ReactNode };

/** A link of a menu, with its drag handle, Move up / Move down and Remove. */
function SortableCard({ id, name, index, count, onMove, onRemove, children }: CardProps) {
  const headingId = useId();
  const { setNodeRef, style, handle, isDragging } = useSortableItem(id, name);
  return (
    <li ref={setNodeRef} style={style} className={`adm-nav-card${isDragging ? ' adm-nav-card--dragging' : ''}`}>
      <section aria-labelledby={headingId}>
        <div className="adm-block__head">
          {handle}
          <h3 className="adm-block__title" id={headingId}>
            {name}
          </h3>
          <div className="adm-block__tools">
            <MoveButtons label={name.toLowerCase()} index={index} count={count} onMove={onMove} />
            <button type="button" className="adm-button adm-button--small adm-button--danger" aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove}>
              Remove
            </button>
          </div>
        </div>
        {children}
      </section>
    </li>
  );
}

type SubLinksProps = {
  parent: string;
  links: LinkForm[];
  errors: FieldErrors;
  listError: string | undefined;
  targets: LinkTargets | null;
  announce: (text: string) => void;
  onChange: (change: (links: LinkForm[]) => LinkForm[]) => void;
};

/** A header item's drop-down links. */
function SubLinks({ parent, links, errors, listError, targets, announce, onChange }: SubLinksProps) {
  const moveLink = (from: number, to: number) => {
    onChange((current) => move(current, from, to));
    announce(`${parent} sub-link ${from + 1} moved to position ${to + 1} of ${links.length}.`);
  };
  return (
    <div className="adm-nav-sublinks">
      {listError ? (
        <p className="adm-field__error" role="alert">
          Sub-links {listError}
        </p>
      ) : null}
      {links.length ? (
        <ol className="adm-block-items">
          {links.map((link, index) => {
            const name = `${parent} sub-link ${index + 1}`;
            return (
              <li key={link.key} className="adm-block-item">
                <LinkFields name={name} value={link} errors={nestedErrors(errors, String(index))} targets={targets} onChange={(change) => onChange((current) => replaceAt(current, index, (item) => ({ ...item, ...change })))} />
                <div className="adm-block-item__tools">
                  <MoveButtons label={name.toLowerCase()} index={index} count={links.length} onMove={moveLink} />
                  <button
                    type="button"
                    className="adm-button adm-button--small adm-button--danger"
                    aria-label={`Remove ${name.toLowerCase()}`}
                    onClick={() => {
                      onChange((current) => current.filter((_, i) => i !== index));
                      announce(`${name} removed.`);
                    }}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {links.length < NAV_LINKS_MAX ? (
        <button type="button" className="adm-button adm-button--small" onClick={() => onChange((current) => [...current, keyed({ label: '', href: '' })])}>
          Add sub-link<span className="adm-visually-hidden"> to {parent.toLowerCase()}</span>
        </button>
      ) : null}
    </div>
  );
}

type ColumnProps = {
  column: ColumnForm;
  index: number;
  count: number;
  errors: FieldErrors;
  targets: LinkTargets | null;
  announce: (text: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  onChange: (change: (column: ColumnForm) => ColumnForm) => void;
};

/** One footer column: its heading and its links, which drag within the column. */
function FooterColumn({ column, index, count, errors, targets, announce, onMove, onRemove, onChange }: ColumnProps) {
  const headingId = useId();
  const name = `Column ${index + 1}`;
  const setLinks = (change: (links: LinkForm[]) => LinkForm[]) => onChange((current) => ({ ...current, links: change(current.links) }));
  const moveLink = (from: number, to: number) => {
    const link = column.links[from];
    setLinks((links) => move(links, from, to));
    announce(`${link?.label || 'Link'} moved to position ${to + 1} of ${column.links.length} in ${name.toLowerCase()}.`);
  };
  return (
    <li className="adm-nav-column">
      <section aria-labelledby={headingId}>
        <div className="adm-block__head">
          <h3 className="adm-block__title" id={headingId}>
            {name}
          </h3>
          <div className="adm-block__tools">
            <MoveButtons label={name.toLowerCase()} index={index} count={count} onMove={onMove} across />
            <button type="button" className="adm-button adm-button--small adm-button--danger" aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove}>
              Remove
            </button>
          </div>
        </div>
        <TextField label={`${name} heading`} required maxLength={100} value={column.heading} onChange={(heading) => onChange((current) => ({ ...current, heading }))} error={errors.heading} />
        {errors.links ? (
          <p className="adm-field__error" role="alert">
            Links {errors.links}
          </p>
        ) : null}
        <ReorderContext ids={column.links.map((link) => link.key)} onMove={moveLink} labelOf={(key) => `${name.toLowerCase()} link ${column.links.findIndex((link) => link.key === key) + 1}`}>
          <ol className="adm-nav-list">
            {column.links.map((link, linkIndex) => {
              const linkName = `${name} link ${linkIndex + 1}`;
              return (
                <SortableCard
                  key={link.key}
                  id={link.key}
                  name={linkName}
                  index={linkIndex}
                  count={column.links.length}
                  onMove={moveLink}
                  onRemove={() => {
                    setLinks((links) => links.filter((_, i) => i !== linkIndex));
                    announce(`${linkName} removed.`);
                  }}
                >
                  <LinkFields
                    name={linkName}
                    value={link}
                    errors={nestedErrors(errors, `links.${linkIndex}`)}
                    targets={targets}
                    onChange={(change) => setLinks((links) => replaceAt(links, linkIndex, (item) => ({ ...item, ...change })))}
                  />
                </SortableCard>
              );
            })}
          </ol>
        </ReorderContext>
        {column.links.length < NAV_LINKS_MAX ? (
          <button type="button" className="adm-button adm-button--small" onClick={() => setLinks((links) => [...links, keyed({ label: '', href: '' })])}>
            Add link<span className="adm-visually-hidden"> to {name.toLowerCase()}</span>
          </button>
        ) : null}
      </section>
    </li>
  );
}
