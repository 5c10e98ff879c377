import { useId, useRef, useState, type FormEvent } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { NavLink } from '../../../components/link';
import { errorMessage } from '../../../lib/admin-api';
import { paths } from '../../../lib/paths';
import { downloadExport } from '../api/transfer';
import { sendImport, type ImportOutcome, type ImportStage } from '../api/send-import';
import { ImportProgressView } from './import-progress';
import { ColumnMapping } from './column-mapping';

// The buttons go under each other on a phone rather than widening the page.
const WRAP = { flexWrap: 'wrap' } as const;

const DIALECT_NAMES: Record<string, string> = { showcase: 'Showcase CSV/JSON', shopify: 'Shopify product CSV', woocommerce: 'WooCommerce product export' };

/** Import a catalogue file (checked first, then applied in one go) and download the catalogue (issue 31). */
export default function ImportExportScreen() {
  const fileId = useId();
  const mediaId = useId();
  const mediaHintId = useId();
  const shopId = useId();
  const formatId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [media, setMedia] = useState<File | null>(null);
  const [shopUrl, setShopUrl] = useState('');
  const [format, setFormat] = useState('');
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null);
  const [stage, setStage] = useState<ImportStage | null>(null);
  const cancel = useRef<(() => void) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The columns the file's format does not read (from the last check), and how the owner reads each: a field, an attribute, or '' (left out).
  const [columns, setColumns] = useState<{ unknown: string[]; fields: string[] }>({ unknown: [], fields: [] });
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [mappingChanged, setMappingChanged] = useState(false);

  const run = async (dryRun: boolean) => {
    if (!file) {
      setFailure('Choose a file to import');
      return;
    }
    setBusy(dryRun ? 'check' : 'apply');
    setStage(null);
    setFailure(null);
    try {
      const sent = Object.fromEntries(columns.unknown.map((column) => [column, mapping[column] ? mapping[column] : null]));
      const handle = sendImport({ file, media, shopUrl, format, dryRun, mapping: sent }, setStage);
      cancel.current = handle.cancel;
      const next = await handle.done;
      setOutcome(next);
      if (dryRun) {
        setColumns({ unknown: next.report.unknownColumns ?? [], fields: next.report.fields ?? [] });
        setMappingChanged(false);
      }
    } catch (error) {
      console.error(error);
      setFailure(errorMessage(error, 'Failed to read the import file'));
    } finally {
      cancel.current = null;
      setBusy(null);
    }
  };
  // An import being applied on the server cannot be called back: only its upload, or a check, can be cancelled.
  const cancellable = busy === 'check' || (busy === 'apply' && (stage === null || stage.step === 'upload'));
  const check = (event: FormEvent) => {
    event.preventDefault();
    void run(true);
  };
  const download = (name: 'products.csv' | 'catalogue.json') => {
    downloadExport(name).catch((error: unknown) => setFailure(errorMessage(error, 'Failed to export the catalogue')));
  };

  const report = outcome?.report;
  const changes = report ? report.created + report.updated : 0;
  return (
    <div className="adm-page">
      <PageHeader title="Import & export" description="Bring products in from a Shopify or WooCommerce export or a Showcase file, or download the catalogue." />
      <form className="adm-section adm-section__body" aria-label="Import" onSubmit={check} noValidate>
        <h2 className="adm-section__title">Import</h2>
        <p className="adm-field">
          <label htmlFor={fileId} className="adm-label">File (CSV or JSON)</label>
          <input
            id={fileId}
            type="file"
            style={{ maxWidth: '100%' }}
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setOutcome(null);
              setColumns({ unknown: [], fields: [] });
              setMapping({});
            }}
          />
        </p>
        <p className="adm-field">
          <label htmlFor={mediaId} className="adm-label">Images (zip, optional)</label>
          <input
            id={mediaId}
            type="file"
            style={{ maxWidth: '100%' }}
            accept=".zip,application/zip"
            aria-describedby={mediaHintId}
            onChange={(event) => {
              setMedia(event.target.files?.[0] ?? null);
              setOutcome(null);
            }}
          />
          <span id={mediaHintId} className="adm-hint">
            Images the file names (Image Src, Images, mainImage, gallery) are taken from this zip by file name, and added to the media library like uploads.
          </span>
        </p>
        <p className="adm-field">
          <label htmlFor={shopId} className="adm-label">Shop address</label>
          <input id={shopId} className="adm-input" type="url" placeholder="https://shop.example.com" value={shopUrl} onChange={(event) => setShopUrl(event.target.value)} />
          <span className="adm-hint">Shopify and WooCommerce files name no Buy URL: products link to their page at this address.</span>
        </p>
        <p className="adm-field">
          <label htmlFor={formatId} className="adm-label">Format</label>
          <select
            id={formatId}
            className="adm-input adm-select"
            value={format}
            onChange={(event) => {
              setFormat(event.target.value);
              setColumns({ unknown: [], fields: [] });
              setMapping({});
            }}
          >
            <option value="">Detect from the header row</option>
            <option value="showcase">Showcase</option>
            <option value="shopify">Shopify</option>
            <option value="woocommerce">WooCommerce</option>
            <option value="json">Showcase JSON</option>
          </select>
        </p>
        <ColumnMapping
          columns={columns}
          mapping={mapping}
          onChange={(next) => {
            setMapping(next);
            setMappingChanged(true);
          }}
        />
        <div className="adm-row-actions" style={WRAP}>
          <button type="submit" className="adm-button" disabled={busy !== null}>
            {busy === 'check' ? 'Checking…' : 'Check file'}
          </button>
          <button
            type="button"
            className="adm-button adm-button--primary"
            disabled={busy !== null || !report || outcome.applied || report.errors.length > 0 || changes === 0 || mappingChanged}
            onClick={() => void run(false)}
          >
            {busy === 'apply' ? 'Importing…' : 'Apply import'}
          </button>
        </div>
      </form>
      {busy ? <ImportProgressView stage={stage} dryRun={busy === 'check'} onCancel={cancellable ? () => cancel.current?.() : null} /> : null}
      {failure ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      {report ? (
        <section className="adm-section adm-section__body" aria-label="Import report">
          <h2 className="adm-section__title">{outcome.applied ? 'Imported' : 'Dry run'}</h2>
          <p>Detected format: {DIALECT_NAMES[report.dialect] ?? report.dialect}</p>
          <p role="status">
            {outcome.applied ? '' : 'Would be: '}
            {report.created} created, {report.updated} updated, {report.unchanged} unchanged
          </p>
          {report.editions ? (
            <p>
              Editions: {report.editions.created} created, {report.editions.updated} updated, {report.editions.removed} removed
            </p>
          ) : null}
          {report.attributes && report.attributes.created + report.attributes.updated > 0 ? (
            <p>
              Attributes: {report.attributes.created} created, {report.attributes.updated} given new values
            </p>
          ) : null}
          {mappingChanged ? <p className="adm-hint">The column mapping changed: check the file again before applying it.</p> : null}
          {outcome.applied && report.products && report.products.length > 0 ? (
            <ul aria-label="Imported products">
              {report.products.slice(0, 20).map((product) => (
                <li key={product.id}>
                  <NavLink to={paths.product(product.id)}>{product.title}</NavLink> ({product.action})
                </li>
              ))}
            </ul>
          ) : null}
          {outcome.applied && changes > 0 ? <NavLink to={paths.products}>See the products</NavLink> : null}
          {outcome.error ? (
            <p className="adm-alert adm-alert--error" role="alert">
              {outcome.error}
            </p>
          ) : null}
          {report.errors.length > 0 ? (
            <div className="adm-table-wrap">
              <table className="adm-table" aria-label="Errors">
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Column</th>
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {report.errors.map((error, index) => (
                    <tr key={index}>
                      <td>{error.line}</td>
                      <td>{error.column}</td>
                      <td>{error.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      ) : null}
      <section className="adm-section adm-section__body" aria-label="Export">
        <h2 className="adm-section__title">Export</h2>
        <div className="adm-row-actions" style={WRAP}>
          <button type="button" className="adm-button" onClick={() => download('products.csv')}>
            Download products (CSV)
          </button>
          <button type="button" className="adm-button" onClick={() => download('catalogue.json')}>
            Download catalogue (JSON)
          </button>
        </div>
      </section>
    </div>
  );
}
