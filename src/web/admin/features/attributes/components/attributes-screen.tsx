import { useCallback, useEffect, useState } from 'react';
import type { Attribute } from '../../../../../shared/schemas';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { errorMessage } from '../../../lib/admin-api';
import { deleteAttribute, listAttributes } from '../api/attributes';
import { AttributeForm } from './attribute-form';

const TYPE_LABELS = { choice: 'Choice', number: 'Number', boolean: 'Yes / no' } as const;

const describe = (attribute: Attribute) =>
  attribute.type === 'choice' ? attribute.values.join(', ') : attribute.type === 'number' ? (attribute.unit ?? '') : 'Yes, No';

/** The owner's attributes (issue 28): list, add, edit, delete. Products get their values in the product editor. */
export default function AttributesScreen() {
  const [rows, setRows] = useState<Attribute[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [editing, setEditing] = useState<Attribute | null>(null);
  const [pending, setPending] = useState<Attribute | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const load = useCallback(() => {
    listAttributes().then(setRows, (error: unknown) => setLoadError(error));
  }, []);
  useEffect(load, [load]);

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    setActionError(null);
    try {
      await deleteAttribute(pending.id);
      setRows((current) => (current ?? []).filter((row) => row.id !== pending.id));
      if (editing?.id === pending.id) setEditing(null);
    } catch (error) {
      console.error(error);
      setActionError(errorMessage(error, 'Failed to delete attribute'));
    } finally {
      setDeleting(false);
      setPending(null);
    }
  };

  return (
    <div className="adm-page">
      <PageHeader title="Attributes" description="What products are described and filtered by: a choice of values, a number with its unit, or yes/no." />
      <AttributeForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onSaved={() => {
          setEditing(null);
          load();
        }}
        onCancel={() => setEditing(null)}
      />
      {actionError ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {actionError}
        </p>
      ) : null}
      {rows === null && loadError === null ? <InlineLoading label="Loading attributes..." /> : null}
      {loadError !== null ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {errorMessage(loadError, 'Failed to load attributes')}
        </p>
      ) : null}
      {rows !== null && rows.length === 0 ? <p className="adm-empty-note">No attributes yet.</p> : null}
      {rows !== null && rows.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col">Type</th>
                <th scope="col">Values</th>
                <th scope="col">Filter</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((attribute) => (
                <tr key={attribute.id}>
                  <td>{attribute.name}</td>
                  <td>
                    <code>{attribute.slug}</code>
                  </td>
                  <td>{TYPE_LABELS[attribute.type]}</td>
                  <td>{describe(attribute)}</td>
                  <td>{attribute.filter ? 'Yes' : 'No'}</td>
                  <td>
                    <div className="adm-row-actions">
                      <button type="button" className="adm-button adm-button--small" aria-label={`Edit ${attribute.name}`} onClick={() => setEditing(attribute)}>
                        Edit
                      </button>
                      <button type="button" className="adm-button adm-button--small adm-button--danger" aria-label={`Delete ${attribute.name}`} onClick={() => setPending(attribute)}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title="Delete Attribute"
        confirmLabel="Delete"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      >
        <p>Are you sure you want to delete this attribute? Every product loses its value of it.</p>
        {pending ? <p className="adm-dialog__subject">{pending.name}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
