import { useEffect, useRef, useState } from 'react';
import type { DayFigures } from '../../../../../shared/schemas/analytics';

/**
 * Visitors, page views and Buy Now clicks per day, drawn by Chart.js. The
 * library loads after the figures (its own chunk, fetched here): the numbers
 * are on screen first, and no other screen ever loads it (decision 060).
 */
export function VisitsChart({ series }: { series: DayFigures[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { destroy: () => void } | undefined;
    let active = true;
    import('chart.js').then(
      ({ Chart, LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip }) => {
        if (!active || !canvas.current) return;
        Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);
        chart = new Chart(canvas.current, {
          type: 'line',
          data: {
            labels: series.map((day) => day.date),
            datasets: [
              { label: 'Visitors', data: series.map((day) => day.visitors), borderColor: '#2563eb', backgroundColor: '#2563eb' },
              { label: 'Page views', data: series.map((day) => day.pageviews), borderColor: '#7c3aed', backgroundColor: '#7c3aed' },
              { label: 'Buy Now clicks', data: series.map((day) => day.buyClicks), borderColor: '#047857', backgroundColor: '#047857' },
            ],
          },
          options: {
            animation: false,
            maintainAspectRatio: false,
            interaction: { mode: 'index', intersect: false },
            scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          },
        });
        canvas.current.dataset.drawn = 'true';
      },
      (error: unknown) => {
        console.error(error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
      chart?.destroy();
    };
  }, [series]);
  const total = (key: 'visitors' | 'pageviews' | 'buyClicks') => series.reduce((sum, day) => sum + day[key], 0);
  return (
    <figure className="adm-chart">
      {failed ? (
        <p className="adm-alert adm-alert--error" role="alert">
          The chart could not be loaded. Please reload the page.
        </p>
      ) : null}
      <div className="adm-chart__canvas">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Visits per day from ${series[0]?.date ?? ''} to ${series[series.length - 1]?.date ?? ''}: ${total('visitors')} visitors, ${total('pageviews')} page views, ${total('buyClicks')} Buy Now clicks`}
        />
      </div>
    </figure>
  );
}
