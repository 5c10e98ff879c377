import { useEffect, useState } from 'react';

/** Often enough to show the banner soon after a save fails, rarely enough to cost nothing. */
const CHECK_MS = 5_000;

/**
 * Whether the site's database is away (GET /api/health answers 503), asked every few seconds while
 * the admin is open (decision 061). A network failure is not the database: the browser is offline.
 */
export function useDatabaseAway(): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const status = await fetch('/api/health', { cache: 'no-store' }).then((response) => response.status, () => undefined);
      if (!stopped && status !== undefined) setAway(status === 503);
    };
    void check();
    const timer = setInterval(() => void check(), CHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  return away;
}
