import type { ImportStage } from '../api/send-import';

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The words and the bar's fraction for a stage (decision 079); null: a step whose length is not known yet. */
function describe(stage: ImportStage | null, dryRun: boolean): { lines: string[]; fraction: number | null } {
  if (!stage) return { lines: ['Starting…'], fraction: null };
  if (stage.step === 'upload') return { lines: [`Sending the file: ${megabytes(stage.sent)} of ${megabytes(stage.total)}`], fraction: stage.total > 0 ? stage.sent / stage.total : null };
  if (stage.step === 'read') return { lines: ['Reading the file…'], fraction: null };
  const { products, images } = stage;
  const fraction = products.total > 0 ? products.done / products.total : null;
  if (stage.step === 'save') return { lines: [`Saving product ${count(products.done)} of ${count(products.total)}`], fraction };
  const lines = [`Checking product ${count(products.done)} of ${count(products.total)}`];
  // A dry run re-encodes an image to check it; an import stores it too.
  if (images.total > 0) lines.push(`${dryRun ? 'Checking' : 'Storing'} image ${count(images.done)} of ${count(images.total)}`);
  return { lines, fraction };
}

type Props = { stage: ImportStage | null; dryRun: boolean; onCancel: (() => void) | null };

/** How far a check or an import has got: the file going up, then the server's products and images. */
export function ImportProgressView({ stage, dryRun, onCancel }: Props) {
  const { lines, fraction } = describe(stage, dryRun);
  const label = dryRun ? 'Checking the file' : 'Importing';
  return (
    <section className="adm-section adm-section__body" aria-label="Import progress">
      <progress className="adm-uploads__bar" style={{ width: '100%' }} max={1} aria-label={label} {...(fraction === null ? {} : { value: fraction })} />
      <div aria-live="polite">
        {lines.map((line) => (
          <p key={line.replace(/[\d,.]+/g, '')}>{line}</p>
        ))}
      </div>
      {!dryRun && stage && stage.step !== 'upload' ? <p className="adm-hint">The import is being applied on the server: it finishes even if this page is closed.</p> : null}
      {onCancel ? (
        <button type="button" className="adm-button adm-button--small" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </section>
  );
}
