import { COMPARE_SKELETON_ROWS } from '../generated/limits';
import type { ComparisonProduct } from '../generated/types';
import { useT } from '../i18n';
import { type DisplayCurrency, formatMoney } from '../money';
import { PriceHistoryChart } from './PriceHistoryChart';
import { type CompareState, type SortKey, similarSelectable, skuToBuy, sortLabel } from './state';

const PLACEHOLDER = '/static/placeholder.svg';

/** A picture that shows the placeholder when it fails (spec section 8). */
export function Picture({ src, size, alt = '' }: { src: string; size: number; alt?: string }) {
  return (
    <img
      src={src || PLACEHOLDER}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(PLACEHOLDER)) img.src = PLACEHOLDER;
      }}
    />
  );
}

/** What a row or the banner can do: buy now, add to the cart (busy while a call runs). */
export interface Buying {
  buyNow: (product: ComparisonProduct) => void;
  addToCart: (product: ComparisonProduct) => void;
  busy: ReadonlySet<number>;
}

function BuyButtons({ product, buying, prefix }: { product: ComparisonProduct; buying: Buying; prefix: string }) {
  const t = useT();
  const soldOut = skuToBuy(product) === null;
  const busy = buying.busy.has(product.prodId);
  return (
    <div className="pc-buy">
      <button
        type="button"
        className="pc-button pc-button--primary"
        disabled={soldOut}
        onClick={() => buying.buyNow(product)}
        data-testid={`${prefix}-buy-now`}
      >
        {t('pc-buy-now')}
      </button>
      <button
        type="button"
        className="pc-button pc-button--outline"
        disabled={soldOut || busy}
        aria-busy={busy}
        onClick={() => buying.addToCart(product)}
        data-testid={`${prefix}-add-to-cart`}
      >
        {t('pc-add-to-cart')}
      </button>
    </div>
  );
}

function Stock({ product }: { product: ComparisonProduct }) {
  const t = useT();
  return <span className="pc-muted">{product.stockQty > 0 ? t('pc-stock', { count: product.stockQty }) : t('pc-out-of-stock')}</span>;
}

function Shop({ product }: { product: ComparisonProduct }) {
  const t = useT();
  return (
    <div className="pc-shop">
      <a className="pc-shop__name" href={`/shop-index?sid=${product.shopId}`} target="_blank" rel="noopener">
        <Picture src={product.shopLogo} size={24} />
        <span>{product.shopName}</span>
      </a>
      <span className="pc-muted">
        <span className="pc-star" aria-hidden="true">★</span> {t('pc-rating', { rating: product.shop.rating.toFixed(1) })}
      </span>
      <span className="pc-muted">{t('pc-followers', { count: product.followers })}</span>
      <a className="pc-link" href={`/shop-index?sid=${product.shopId}`} target="_blank" rel="noopener" data-testid="pc-go-to-shop">
        {t('pc-go-to-shop')}
      </a>
    </div>
  );
}

/** The main product banner: picture, name, price, stock, shop, the actions and the price history. */
export function Banner({
  product,
  currency,
  buying,
  onAddSupplier,
}: {
  product: ComparisonProduct;
  currency: DisplayCurrency;
  buying: Buying;
  onAddSupplier: () => void;
}) {
  const t = useT();
  return (
    <section className="pc-banner" data-testid="pc-banner" aria-label={product.name}>
      <a href={`/detail?prodId=${product.prodId}`} target="_blank" rel="noopener" className="pc-banner__image">
        <Picture src={product.imageUrl} size={112} alt={product.name} />
      </a>
      <div className="pc-banner__info">
        <h3 className="pc-banner__name">{product.name}</h3>
        <p className="pc-banner__price" data-testid="pc-banner-price">
          {formatMoney(product.price, currency)}
        </p>
        <p className="pc-banner__meta">
          <Stock product={product} />
          <span className="pc-muted">{t('pc-sold', { count: product.soldQty })}</span>
        </p>
        <Shop product={product} />
        <div className="pc-banner__actions">
          <BuyButtons product={product} buying={buying} prefix="pc-banner" />
          <button type="button" className="pc-button" onClick={onAddSupplier} data-testid="pc-add-supplier">
            {t('pc-add-supplier')}
          </button>
        </div>
      </div>
      <PriceHistoryChart prodId={product.prodId} currency={currency} />
    </section>
  );
}

export function BannerSkeleton() {
  return (
    <div className="pc-banner" aria-hidden="true">
      <div className="pc-skeleton" style={{ width: 112, height: 112 }} />
      <div className="pc-banner__info">
        <div className="pc-skeleton pc-skeleton--line" style={{ width: '70%' }} />
        <div className="pc-skeleton pc-skeleton--line" style={{ width: '30%' }} />
        <div className="pc-skeleton pc-skeleton--line" style={{ width: '50%' }} />
      </div>
    </div>
  );
}

/** The sort buttons: shop rating (high first by default) and price (low first by default). */
export function SortBar({ state, onSort }: { state: CompareState; onSort: (key: SortKey) => void }) {
  const t = useT();
  return (
    <div className="pc-sort" role="group" aria-label={t('pc-sort-label')}>
      {(['rating', 'price'] as const).map((key) => (
        <button
          key={key}
          type="button"
          className="pc-sort__button"
          aria-pressed={state.sort.active === key}
          onClick={() => onSort(key)}
          data-testid={`pc-sort-${key}`}
        >
          {t(sortLabel(state.sort, key))}
        </button>
      ))}
    </div>
  );
}

/** The comparison table: remove, description, price with stock and sold, supplier, actions. */
export function OffersTable({
  rows,
  currency,
  buying,
  onRemove,
}: {
  rows: ComparisonProduct[];
  currency: DisplayCurrency;
  buying: Buying;
  onRemove: (product: ComparisonProduct) => void;
}) {
  const t = useT();
  return (
    <div className="pc-table__scroll">
      <table className="pc-table" data-testid="pc-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="pc-visually-hidden">{t('pc-col-remove')}</span>
            </th>
            <th scope="col">{t('pc-col-description')}</th>
            <th scope="col">{t('pc-col-price')}</th>
            <th scope="col">{t('pc-col-supplier')}</th>
            <th scope="col">{t('pc-col-actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.prodId}
              className={row.canRemove ? (row.isUserAdded ? 'is-user-added' : undefined) : 'is-main'}
              data-testid="pc-row"
              data-prod-id={row.prodId}
              data-user-added={row.isUserAdded || undefined}
            >
              <td className="pc-table__remove">
                {row.canRemove && (
                  <button
                    type="button"
                    className="pc-icon-button"
                    aria-label={t('pc-remove-item', { name: row.name })}
                    onClick={() => onRemove(row)}
                    data-testid="pc-row-remove"
                  >
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                    </svg>
                  </button>
                )}
              </td>
              <td>
                <div className="pc-table__product">
                  <Picture src={row.imageUrl} size={56} />
                  <div>
                    {!row.canRemove && <span className="pc-badge pc-badge--main">{t('pc-this-product')}</span>}
                    {row.isUserAdded && <span className="pc-badge">{t('pc-added-by-you')}</span>}
                    <a className="pc-table__name" href={`/detail?prodId=${row.prodId}`} target="_blank" rel="noopener">
                      {row.name}
                    </a>
                    <p className="pc-table__desc">{row.description}</p>
                    <p className="pc-muted">
                      {t('pc-delivery', { days: row.deliveryEstimateDays })}
                      {row.qty > 1 && <> · {t('pc-per-pack', { qty: row.qty })}</>}
                    </p>
                  </div>
                </div>
              </td>
              <td>
                <div className="pc-table__price">
                  <strong data-testid="pc-row-price" data-price={row.price}>
                    {formatMoney(row.price, currency)}
                  </strong>
                  <Stock product={row} />
                  <span className="pc-muted">{t('pc-sold', { count: row.soldQty })}</span>
                </div>
              </td>
              <td className="pc-table__supplier" data-rating={row.shop.rating}>
                <Shop product={row} />
              </td>
              <td className="pc-table__actions">
                <BuyButtons product={row} buying={buying} prefix="pc-row" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table's loading skeleton: `COMPARE_SKELETON_ROWS` grey rows. */
export function TableSkeleton() {
  return (
    <div className="pc-table__skeleton" data-testid="pc-skeleton" aria-hidden="true">
      {Array.from({ length: COMPARE_SKELETON_ROWS }, (_, i) => (
        <div key={i} className="pc-skeleton-row">
          <div className="pc-skeleton" style={{ width: 56, height: 56 }} />
          <div className="pc-skeleton-row__lines">
            <div className="pc-skeleton pc-skeleton--line" style={{ width: '60%' }} />
            <div className="pc-skeleton pc-skeleton--line" style={{ width: '35%' }} />
          </div>
          <div className="pc-skeleton pc-skeleton--line" style={{ width: 80 }} />
          <div className="pc-skeleton pc-skeleton--line" style={{ width: 120 }} />
        </div>
      ))}
    </div>
  );
}

/** The empty state: nothing to compare (or the load failed), with Refresh Data. */
export function EmptyComparison({ onRefresh }: { onRefresh: () => void }) {
  const t = useT();
  return (
    <div className="pc-empty" data-testid="pc-empty">
      <img src="/static/empty/search.svg" alt="" width="160" height="128" />
      <p>{t('pc-empty')}</p>
      <button type="button" className="pc-button" onClick={onRefresh} data-testid="pc-refresh">
        {t('pc-refresh')}
      </button>
    </div>
  );
}

/** 'Compare with Similar Product': the first similar products, each addable, and the modal with all. */
export function SimilarSection({
  state,
  similar,
  currency,
  onAdd,
  onOpen,
}: {
  state: CompareState;
  similar: ComparisonProduct[];
  currency: DisplayCurrency;
  onAdd: (product: ComparisonProduct) => void;
  onOpen: () => void;
}) {
  const t = useT();
  return (
    <section className="pc-similar" data-testid="pc-similar" aria-labelledby="pc-similar-title">
      <div className="pc-section-head">
        <h3 id="pc-similar-title">{t('pc-similar-title')}</h3>
        <button type="button" className="pc-button" onClick={onOpen} disabled={state.similar.length === 0} data-testid="pc-similar-open">
          {t('pc-similar-open')}
        </button>
      </div>
      {similar.length === 0 ? (
        <p className="pc-muted" data-testid="pc-similar-empty">
          {t('pc-similar-empty')}
        </p>
      ) : (
        <ul className="pc-similar__list">
          {similar.map((p) => {
            const selectable = similarSelectable(state, p);
            return (
              <li key={p.prodId} className="pc-similar__card" data-testid="pc-similar-card" data-prod-id={p.prodId}>
                <a href={`/detail?prodId=${p.prodId}`} target="_blank" rel="noopener" className="pc-similar__link">
                  <Picture src={p.imageUrl} size={96} />
                  <span className="pc-similar__name">{p.name}</span>
                </a>
                <strong>{formatMoney(p.price, currency)}</strong>
                <span className="pc-muted pc-similar__shop">{p.shopName}</span>
                <button
                  type="button"
                  className="pc-button pc-button--small"
                  disabled={!selectable}
                  aria-label={selectable ? t('pc-similar-add-one', { name: p.name }) : undefined}
                  onClick={() => onAdd(p)}
                  data-testid="pc-similar-card-add"
                >
                  {selectable ? '+' : t('pc-already-added')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
