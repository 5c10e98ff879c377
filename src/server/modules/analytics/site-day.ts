/**
 * Days of the site's calendar, `YYYY-MM-DD`, in the process's time zone (`TZ`,
 * which Node applies to every local date): a visit at 00:30 in the site's town
 * belongs to that day wherever the server runs (decision 060).
 */
export function siteDay(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `day` moved by `days` calendar days (calendar arithmetic: no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
