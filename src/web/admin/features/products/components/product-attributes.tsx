import { useEffect, useId, useState } from 'react';
import type { Attribute, AttributeValue } from '../../../../../shared/schemas';
import { FieldShell } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/admin-api';
import { paths } from '../../../lib/paths';
import { Link } from '../../../components/link';
import { listProductAttributes } from '../api/attributes';

type Values = Record<string, AttributeValue>;
type Props = { value: Values; onChange: (next: Values) => void; errors: Record<string, string | undefined> };

const without = (values: Values, slug: string) => Object.fromEntries(Object.entries(values).filter(([key]) => key !== slug));

/** The product's value of each attribute the owner defined (issue 28): a choice, a number, or yes/no; empty for none. */
export function ProductAttributes({ value, onChange, errors }: Props) {
  const [attributes, setAttributes] = useState<Attribute[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    listProductAttributes().then(setAttributes, (error: unknown) => setFailed(errorMessage(error, 'Failed to load attributes')));
  }, []);
  const set = (slug: string, next: AttributeValue | undefined) => onChange(next === undefined ? without(value, slug) : { ...value, [slug]: next });

  if (failed) return <p className="adm-alert adm-alert--error" role="alert">{failed}</p>;
  if (!attributes) return null;
  if (attributes.length === 0) {
    return (
      <p className="adm-empty-note">
        No attributes yet: define them in <Link to={paths.attributes}>Attributes</Link>.
      </p>
    );
  }
  return (
    <div className="adm-grid-2">
      {attributes.map((attribute) => (
        <AttributeField key={attribute.id} attribute={attribute} value={value[attribute.slug]} onChange={(next) => set(attribute.slug, next)} error={errors[`attributes.${attribute.slug}`]} />
      ))}
    </div>
  );
}

function AttributeField({ attribute, value, onChange, error }: { attribute: Attribute; value: AttributeValue | undefined; onChange: (next: AttributeValue | undefined) => void; error: string | undefined }) {
  const id = useId();
  const label = attribute.type === 'number' && attribute.unit ? `${attribute.name} (${attribute.unit})` : attribute.name;
  return (
    <FieldShell id={id} label={label} error={error}>
      {attribute.type === 'number' ? (
        <input
          id={id}
          className="adm-input"
          type="number"
          step="any"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
      ) : (
        <select
          id={id}
          className="adm-input adm-select"
          value={value === undefined ? '' : String(value)}
          onChange={(event) => {
            const text = event.target.value;
            if (text === '') onChange(undefined);
            else onChange(attribute.type === 'boolean' ? text === 'true' : text);
          }}
        >
          <option value="">—</option>
          {attribute.type === 'boolean' ? (
            <>
              <option value="true">Yes</option>
              <option value="false">No</option>
            </>
          ) : (
            attribute.values.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))
          )}
        </select>
      )}
    </FieldShell>
  );
}
