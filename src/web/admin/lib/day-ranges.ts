import type { DayRange } from './analytics-api';

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const lengthOf = ({ from, to }: DayRange) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The last `days` days up to the site's today, today included. */
export const lastDays = (today: string, days: number): DayRange => ({ from: addDays(today, -(days - 1)), to: today });

/** The same number of days just before `range`: what the dashboard compares with. */
export function previousPeriod(range: DayRange): DayRange {
  const days = lengthOf(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

export const PRESETS = [
  { value: '1', label: 'Today' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom range' },
] as const;
export type Preset = (typeof PRESETS)[number]['value'];

/** Click-through rate as people read it: "2.5%". */
export const formatCtr = (ctr: number) => `${(ctr * 100).toFixed(ctr > 0 && ctr < 0.001 ? 2 : 1)}%`;
