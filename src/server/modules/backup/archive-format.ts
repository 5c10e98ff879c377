/** What a backup archive holds (docs/decisions/019-backup-archive.md). */
export const BACKUP_FORMAT = 'showcase-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_PATH = 'manifest.json';
export const tablePath = (table: string) => `db/${table}.json`;
export const mediaPath = (key: string) => `media/${key}`;

export type ManifestFile = { path: string; size: number; sha256: string };

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Migrations the source database had run: a restore refuses an archive from a newer schema. */
  migrations: string[];
  source: { database: string; media: string };
  tables: Array<{ name: string; rows: number }>;
  media: { count: number; bytes: number };
  /** Every other entry of the archive, with its checksum. */
  files: ManifestFile[];
};

/** One table's rows, as `db/<table>.json`. */
export type TableDocument = { format: 'showcase-table'; version: number; table: string; columns: string[]; rows: Array<Record<string, unknown>> };

export type Progress = (done: number, total: number, label: string) => void;
