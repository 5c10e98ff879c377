type Props = {
  columns: { unknown: string[]; fields: string[] };
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
};

/** The columns the file's format does not read (from the last check), and how the owner reads each: a field, an attribute, or '' (left out). */
export function ColumnMapping({ columns, mapping, onChange }: Props) {
  if (columns.unknown.length === 0) return null;
  return (
    <div className="adm-field">
      <div className="adm-table-wrap">
        <table className="adm-table" aria-label="Column mapping">
          <caption className="adm-hint" style={{ textAlign: 'left' }}>
            Columns this format does not read: read each as a field or an attribute, or leave it out, then check the file again.
          </caption>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Read as</th>
            </tr>
          </thead>
          <tbody>
            {columns.unknown.map((column) => (
              <tr key={column}>
                <th scope="row">{column}</th>
                <td>
                  <select
                    className="adm-input adm-select"
                    aria-label={`Read column ${column} as`}
                    value={mapping[column] ?? ''}
                    onChange={(event) => onChange({ ...mapping, [column]: event.target.value })}
                  >
                    <option value="">Leave out</option>
                    {columns.fields.map((field) => (
                      <option key={field} value={field}>
                        {field}
                      </option>
                    ))}
                    <option value={`attribute:${column}`}>Attribute “{column}”</option>
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
