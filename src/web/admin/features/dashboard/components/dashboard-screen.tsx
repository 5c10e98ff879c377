import { useId, useState } from 'react';
import type { ProductFigures, ProductSort, Summary } from '../../../../../shared/schemas/analytics';
import { PageHeader } from '../../../components/ui/page-header';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { LoadError } from '../../../components/ui/save-feedback';
import { useLoad } from '../../../hooks/use-load';
import { errorMessage } from '../../../lib/admin-api';
import { downloadProductsCsv, fetchBreakdown, fetchReferrers, fetchSiteDay, fetchSummary, fetchTopProducts, type DayRange } from '../../../lib/analytics-api';
import { PRESETS, formatCtr, lastDays, previousPeriod, type Preset } from '../../../lib/day-ranges';
import { FiguresTable, type Column } from './figures-table';
import { VisitsChart } from './visits-chart';
import '../../../styles/dashboard.css';

/** How the site is doing: visits, Buy Now clicks and where they come from (issue 27, decision 060). */
export default function DashboardScreen() {
  const siteDay = useLoad(fetchSiteDay, 'site-day');
  return (
    <div className="adm-page adm-dashboard">
      <PageHeader title="Dashboard" description="Visitors, page views and Buy Now clicks, counted by the site itself: no cookies, no third parties." />
      {siteDay.status === 'loading' ? <InlineLoading /> : null}
      {siteDay.status === 'error' ? <LoadError what="the dashboard" /> : null}
      {siteDay.status === 'ready' ? <Dashboard today={siteDay.data.today} timeZone={siteDay.data.timeZone} /> : null}
    </div>
  );
}

function Dashboard({ today, timeZone }: { today: string; timeZone: string }) {
  const id = useId();
  const [preset, setPreset] = useState<Preset>('30');
  const [custom, setCustom] = useState<DayRange>(lastDays(today, 30));
  const range = preset === 'custom' ? custom : lastDays(today, Number(preset));
  const key = `${range.from}|${range.to}`;
  return (
    <>
      <div className="adm-dashboard__range">
        <div className="adm-field">
          <label className="adm-field__label" htmlFor={`${id}-preset`}>
            Period
          </label>
          <select id={`${id}-preset`} className="adm-input" value={preset} onChange={(event) => setPreset(event.target.value as Preset)}>
            {PRESETS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {preset === 'custom' ? (
          <>
            <div className="adm-field">
              <label className="adm-field__label" htmlFor={`${id}-from`}>
                From
              </label>
              <input id={`${id}-from`} type="date" className="adm-input" value={custom.from} max={custom.to} onChange={(event) => event.target.value && setCustom({ ...custom, from: event.target.value })} />
            </div>
            <div className="adm-field">
              <label className="adm-field__label" htmlFor={`${id}-to`}>
                To
              </label>
              <input id={`${id}-to`} type="date" className="adm-input" value={custom.to} min={custom.from} onChange={(event) => event.target.value && setCustom({ ...custom, to: event.target.value })} />
            </div>
          </>
        ) : null}
        <p className="adm-dashboard__zone">Days in {timeZone}</p>
      </div>
      <Figures key={`figures-${key}`} range={range} />
      <TopProducts key={`products-${key}`} range={range} />
      <Sources key={`sources-${key}`} range={range} />
    </>
  );
}

const change = (now: number, before: number) => {
  if (before === 0) return now === 0 ? 'no change' : 'new';
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? '+' : ''}${percent}%`;
};

const ctrOf = (summary: Summary) => (summary.pageviews === 0 ? 0 : summary.buyClicks / summary.pageviews);

/** The period's totals beside the previous period's, then the chart. */
function Figures({ range }: { range: DayRange }) {
  const state = useLoad(() => Promise.all([fetchSummary(range), fetchSummary(previousPeriod(range))]), 'figures');
  if (state.status === 'loading') return <InlineLoading label="Loading figures..." />;
  if (state.status === 'error') {
    return (
      <p className="adm-alert adm-alert--error" role="alert">
        {errorMessage(state.error, 'Failed to load the figures')}
      </p>
    );
  }
  const [now, before] = state.data;
  const cards = [
    { label: 'Visitors', value: now.visitors.toLocaleString('en-US'), change: change(now.visitors, before.visitors) },
    { label: 'Page views', value: now.pageviews.toLocaleString('en-US'), change: change(now.pageviews, before.pageviews) },
    { label: 'Buy Now clicks', value: now.buyClicks.toLocaleString('en-US'), change: change(now.buyClicks, before.buyClicks) },
    { label: 'Click-through rate', value: formatCtr(ctrOf(now)), change: `${formatCtr(ctrOf(before))} before` },
  ];
  return (
    <>
      <dl className="adm-dashboard__figures">
        {cards.map((card) => (
          <div key={card.label} className="adm-dashboard__figure">
            <dt>{card.label}</dt>
            <dd>
              <span className="adm-dashboard__value">{card.value}</span>
              <span className="adm-dashboard__change">{card.change} vs previous period</span>
            </dd>
          </div>
        ))}
      </dl>
      <VisitsChart series={now.series} />
    </>
  );
}

const productColumns: Column<ProductFigures>[] = [
  { label: 'Product', cell: (row) => row.title },
  { label: 'Views', cell: (row) => row.views, numeric: true },
  { label: 'Buy Now clicks', cell: (row) => row.buyClicks, numeric: true },
  { label: 'CTR', cell: (row) => formatCtr(row.ctr), numeric: true },
];

const PRODUCT_TABLES: { sort: ProductSort; title: string }[] = [
  { sort: 'views', title: 'Top products by views' },
  { sort: 'buyClicks', title: 'Top products by Buy Now clicks' },
  { sort: 'ctr', title: 'Top products by click-through rate' },
];

function TopProducts({ range }: { range: DayRange }) {
  const state = useLoad(() => Promise.all(PRODUCT_TABLES.map((table) => fetchTopProducts(range, table.sort))), 'top-products');
  const [exportError, setExportError] = useState<string | null>(null);
  if (state.status === 'loading') return <InlineLoading label="Loading products..." />;
  if (state.status === 'error') return <LoadError what="the top products" />;
  const exportCsv = () => {
    setExportError(null);
    downloadProductsCsv(range).catch((error: unknown) => setExportError(errorMessage(error, 'Failed to export products')));
  };
  return (
    <div className="adm-dashboard__grid">
      {exportError ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {exportError}
        </p>
      ) : null}
      {PRODUCT_TABLES.map((table, index) => (
        <FiguresTable
          key={table.sort}
          title={table.title}
          rows={state.data[index]!}
          columns={productColumns}
          empty="No product views in this period."
          fileName={`products-${range.from}-${range.to}.csv`}
          onExport={exportCsv}
        />
      ))}
    </div>
  );
}

function Sources({ range }: { range: DayRange }) {
  const state = useLoad(() => Promise.all([fetchReferrers(range), fetchBreakdown(range)]), 'sources');
  if (state.status === 'loading') return <InlineLoading label="Loading pages and referrers..." />;
  if (state.status === 'error') return <LoadError what="pages and referrers" />;
  const [referrers, breakdown] = state.data;
  const file = (name: string) => `${name}-${range.from}-${range.to}.csv`;
  return (
    <div className="adm-dashboard__grid">
      <FiguresTable
        title="Top pages"
        rows={breakdown.pages}
        columns={[{ label: 'Page', cell: (row) => row.path }, { label: 'Views', cell: (row) => row.views, numeric: true }]}
        empty="No page views in this period."
        fileName={file('pages')}
      />
      <FiguresTable
        title="Referrers"
        rows={referrers}
        columns={[{ label: 'Site', cell: (row) => row.host }, { label: 'Visitors', cell: (row) => row.visitors, numeric: true }]}
        empty="No visitors came from another site in this period."
        fileName={file('referrers')}
      />
      <FiguresTable
        title="Campaigns"
        rows={breakdown.campaigns}
        columns={[
          { label: 'Source', cell: (row) => row.source },
          { label: 'Medium', cell: (row) => row.medium },
          { label: 'Campaign', cell: (row) => row.campaign },
          { label: 'Visitors', cell: (row) => row.visitors, numeric: true },
        ]}
        empty="No campaign visits (utm_source, utm_medium, utm_campaign) in this period."
        fileName={file('campaigns')}
      />
      <FiguresTable
        title="Categories"
        rows={breakdown.categories}
        columns={[{ label: 'Category', cell: (row) => row.title }, { label: 'Views', cell: (row) => row.views, numeric: true }]}
        empty="No category views in this period."
        fileName={file('categories')}
      />
      <FiguresTable
        title="Newsletter"
        rows={[{ label: 'New confirmed subscribers', value: breakdown.newSubscribers }]}
        columns={[{ label: 'Figure', cell: (row) => row.label }, { label: 'Count', cell: (row) => row.value, numeric: true }]}
        empty=""
        fileName={file('subscribers')}
      />
    </div>
  );
}
