import { useDatabaseAway } from '../../hooks/use-database-away';

/** While the database is away: what is typed stays in this browser (decision 054) until a save works again. */
export function DatabaseAwayBanner() {
  const away = useDatabaseAway();
  if (!away) return null;
  return (
    <div className="adm-db-away" role="status">
      The database cannot be reached right now, so saving waits. What you type is kept in this browser; save again once this message is gone.
    </div>
  );
}
