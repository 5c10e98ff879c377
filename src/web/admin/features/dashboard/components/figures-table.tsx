import type { ReactNode } from 'react';
import { csvLine } from '../../../../../shared/csv';
import { saveFile } from '../../../lib/analytics-api';

export type Column<Row> = { label: string; cell: (row: Row) => string | number; numeric?: boolean };

/**
 * One of the dashboard's tables, with its Export CSV: the rows on screen, as
 * shown (`onExport` instead when the server makes the file, as for products).
 */
export function FiguresTable<Row>(props: {
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  empty: string;
  fileName: string;
  onExport?: () => void;
  actions?: ReactNode;
}) {
  const { title, rows, columns, empty, fileName, onExport, actions } = props;
  const exportCsv = () => {
    if (onExport) return onExport();
    const text = [csvLine(columns.map((column) => column.label)), ...rows.map((row) => csvLine(columns.map((column) => column.cell(row))))].join('');
    saveFile(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
  };
  return (
    <section className="adm-dashboard__panel" aria-label={title}>
      <div className="adm-dashboard__panel-head">
        <h2>{title}</h2>
        <div className="adm-dashboard__panel-actions">
          {actions}
          <button type="button" className="adm-button adm-button--small" onClick={exportCsv} aria-label={`Export ${title} as CSV`}>
            Export CSV
          </button>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="adm-empty-note">{empty}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={column.numeric ? 'adm-table__number' : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.label} className={column.numeric ? 'adm-table__number' : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
