//! The price history as a small step-line chart (SVG, drawn on the server) with its text
//! summary: lowest, highest and current price over the period.

use crate::context::page_ctx;
use api::comparison::PriceHistory;
use leptos::prelude::*;

/// Width and height of the chart's drawing, in SVG units.
const WIDTH: f64 = 560.0;
const HEIGHT: f64 = 140.0;
/// Room above and below the line.
const PAD: f64 = 12.0;

/// The SVG path of a step line through `points` (time, cents) over `[from, to]`.
pub fn step_path(points: &[(i64, i64)], from: i64, to: i64) -> String {
    if points.is_empty() {
        return String::new();
    }
    let low = points.iter().map(|p| p.1).min().unwrap_or(0);
    let high = points.iter().map(|p| p.1).max().unwrap_or(0);
    let span = (to - from).max(1) as f64;
    let x = |t: i64| ((t.clamp(from, to) - from) as f64 / span * WIDTH).round();
    let y = |price: i64| {
        if high == low {
            return (HEIGHT / 2.0).round();
        }
        (HEIGHT - PAD - (price - low) as f64 / (high - low) as f64 * (HEIGHT - 2.0 * PAD)).round()
    };
    let mut path = format!("M{} {}", x(points[0].0), y(points[0].1));
    for window in points.windows(2) {
        path.push_str(&format!(" H{} V{}", x(window[1].0), y(window[1].1)));
    }
    path.push_str(&format!(" H{WIDTH}"));
    path
}

/// The chart and summary of a price history, with links to the other periods (`href` builds
/// the page's URL for a period).
#[component]
pub fn PriceHistoryChart(history: PriceHistory, href: Box<dyn Fn(&str) -> String + Send + Sync>) -> impl IntoView {
    let ctx = page_ctx();
    let points: Vec<(i64, i64)> = history.points.iter().map(|p| (p.time, p.price.0)).collect();
    let path = step_path(&points, history.from, history.to);
    let lowest = ctx.money(history.lowest_price);
    let highest = ctx.money(history.highest_price);
    let current = ctx.money(history.current_price);
    let from = crate::notices::pages::format_time(history.from).chars().take(10).collect::<String>();
    let to = crate::notices::pages::format_time(history.to).chars().take(10).collect::<String>();
    let label = ctx.t_args(
        "compare-history-chart",
        &[("from", &from), ("to", &to), ("lowest", &lowest), ("highest", &highest), ("current", &current)],
    );
    let title = label.clone();
    let periods = api::comparison::PRICE_PERIODS.iter().map(|(name, _)| {
        let active = *name == history.period;
        let text = ctx.t(&format!("compare-period-{name}"));
        view! {
            <a class="compare-history__period" class:is-active=active href=href(name)
                aria-current=active.then_some("true")>{text}</a>
        }
    });
    view! {
        <section class="compare-history" data-testid="price-history" aria-labelledby="compare-history-title">
            <div class="compare-history__head">
                <h2 id="compare-history-title">{ctx.t("compare-history-title")}</h2>
                <nav class="compare-history__periods" aria-label=ctx.t("compare-history-period")>{periods.collect_view()}</nav>
            </div>
            <svg class="compare-history__chart" viewBox=format!("0 0 {WIDTH} {HEIGHT}") role="img" aria-label=label
                preserveAspectRatio="none">
                <title>{title}</title>
                <line x1="0" y1=PAD x2=WIDTH y2=PAD class="compare-history__grid" />
                <line x1="0" y1=HEIGHT - PAD x2=WIDTH y2=HEIGHT - PAD class="compare-history__grid" />
                <path d=path class="compare-history__line" />
            </svg>
            <p class="compare-history__dates"><span>{from}</span><span>{to}</span></p>
            <p class="compare-history__summary" data-testid="price-history-summary">
                {ctx.t_args("compare-history-summary", &[("lowest", &lowest), ("highest", &highest), ("current", &current)])}
            </p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_line_spans_the_period() {
        let path = step_path(&[(0, 100), (50, 200), (100, 200)], 0, 100);
        assert_eq!(path, "M0 128 H280 V12 H560 V12 H560");
        // A flat price sits in the middle.
        assert_eq!(step_path(&[(0, 100), (100, 100)], 0, 100), "M0 70 H560 V70 H560");
        assert_eq!(step_path(&[], 0, 100), "");
    }
}
