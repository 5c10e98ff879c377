/** A backup that cannot be restored as it is; the message says why, for the person running the restore. */
export class DamagedArchiveError extends Error {}
