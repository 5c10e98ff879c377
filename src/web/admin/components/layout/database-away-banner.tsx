import { useDatabaseAway } from '../../hooks/use-database-away';

/** While the database is away: what is typed stays in this browser (decision 054), and a save made meanwhile waits for it. */
export function DatabaseAwayBanner() {
  const away = useDatabaseAway();
  if (!away) return null;
  return (
    <div className="adm-db-away" role="status">
      The database cannot be reached right now, so saving waits. What you type is kept in this browser, and a save you make now goes through by itself once the database is back.
    </div>
  );
}
