import { useEffect, useState } from 'react';
import { request } from '../api';
import { PRODUCT_PRICE_HISTORY } from '../generated/paths';
import type { PriceHistory } from '../generated/types';
import { useT } from '../i18n';
import { type DisplayCurrency, formatMoney } from '../money';

export const PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type Period = (typeof PERIODS)[number];

const WIDTH = 280;
const HEIGHT = 72;
const PAD = 6;

/** The SVG path of a step line through `points` (time, dollars) over `[from, to]`. */
export function stepPath(points: { time: number; price: number }[], from: number, to: number): string {
  if (points.length === 0) return '';
  const prices = points.map((p) => p.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = Math.max(1, to - from);
  const x = (t: number) => Math.round(((Math.min(Math.max(t, from), to) - from) / span) * WIDTH);
  const y = (price: number) =>
    high === low ? Math.round(HEIGHT / 2) : Math.round(HEIGHT - PAD - ((price - low) / (high - low)) * (HEIGHT - 2 * PAD));
  let path = `M${x(points[0]!.time)} ${y(points[0]!.price)}`;
  for (const p of points.slice(1)) path += ` H${x(p.time)} V${y(p.price)}`;
  return `${path} H${WIDTH}`;
}

const day = (ms: number) => new Date(ms + 7 * 3600_000).toISOString().slice(0, 10);

/** The banner's price history: a small step-line chart with its text summary and the periods. */
export function PriceHistoryChart({ prodId, currency }: { prodId: number; currency: DisplayCurrency }) {
  const t = useT();
  const [period, setPeriod] = useState<Period>('month');
  const [answer, setAnswer] = useState<{ key: string; history: PriceHistory | null } | null>(null);
  const key = `${prodId}:${period}`;
  useEffect(() => {
    let live = true;
    request<PriceHistory>('GET', PRODUCT_PRICE_HISTORY, { query: { productId: prodId, period }, handleError: true })
      .then((history) => live && setAnswer({ key, history }))
      .catch(() => live && setAnswer({ key, history: null }));
    return () => {
      live = false;
    };
  }, [key, prodId, period]);
  const history = answer?.key === key ? answer.history : undefined;
  const money = (v: number) => formatMoney(v, currency);
  const summary = history
    ? {
        lowest: money(history.lowestPrice),
        highest: money(history.highestPrice),
        current: money(history.currentPrice),
      }
    : null;
  return (
    <section className="pc-history" data-testid="pc-history" aria-label={t('pc-history-title')}>
      <div className="pc-history__head">
        <h3>{t('pc-history-title')}</h3>
        <div className="pc-history__periods" role="group" aria-label={t('pc-history-period')}>
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className="pc-history__period"
              aria-pressed={p === period}
              onClick={() => setPeriod(p)}
              data-testid={`pc-period-${p}`}
            >
              {t(`pc-period-${p}`)}
            </button>
          ))}
        </div>
      </div>
      {history === undefined ? (
        <div className="pc-skeleton pc-history__placeholder" aria-hidden="true" />
      ) : history && summary ? (
        <>
          <svg
            className="pc-history__chart"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={t('pc-history-chart', { from: day(history.from), to: day(history.to), ...summary })}
          >
            <line x1="0" y1={PAD} x2={WIDTH} y2={PAD} className="pc-history__grid" />
            <line x1="0" y1={HEIGHT - PAD} x2={WIDTH} y2={HEIGHT - PAD} className="pc-history__grid" />
            <path d={stepPath(history.points, history.from, history.to)} className="pc-history__line" />
          </svg>
          <p className="pc-history__summary" data-testid="pc-history-summary">
            {t('pc-history-summary', summary)}
          </p>
        </>
      ) : (
        <p className="pc-history__summary">{t('pc-history-failed')}</p>
      )}
    </section>
  );
}
