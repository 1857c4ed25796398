import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { addToCart, buyNow, guestMustSignIn } from '../cart';
import { emit } from '../events';
import { COMPARE_LOAD_DELAY_MS } from '../generated/limits';
import type { ComparisonProduct } from '../generated/types';
import { useT } from '../i18n';
import { toCurrency } from '../money';
import type { WidgetProps } from '../types';
import { useFocusTrap } from '../useFocusTrap';
import { CloseIcon, useModal } from './Modal';
import { InfoModal, SimilarModal, SupplierPicker } from './Pickers';
import {
  Banner,
  BannerSkeleton,
  type Buying,
  EmptyComparison,
  OffersTable,
  SimilarSection,
  SortBar,
  TableSkeleton,
} from './Sections';
import {
  BUY_FAILED_MESSAGE,
  CART_ADDED_MESSAGE,
  CART_FAILED_MESSAGE,
  type Message,
  REFRESHING_MESSAGE,
  REMOVED_MESSAGE,
  addedMessage,
  alreadyMessage,
  planSuppliers,
  shownSimilar,
  showsEmpty,
  showsSkeleton,
  skuToBuy,
} from './state';
import { useComparison } from './useComparison';
import './price-compare.css';

/**
 * The page's props (`currency`, `signedIn`: guests get the login popup to buy), and the
 * detail of the `mall:open-compare` that loaded the widget: `{ prodId }`.
 */
export type PriceCompareProps = WidgetProps<'price-compare'> & {
  /** The artificial delay before loading, in ms (default `COMPARE_LOAD_DELAY_MS`; 0 in tests). */
  loadDelayMs?: number;
};

/**
 * The price comparison sidebar (spec sections 2, 4, 5, 8, 9): an overlay over the page that
 * locks its scroll, keeps the focus inside and closes with Escape, the X or the mask. Opened
 * by `mall:open-compare`; closing clears everything.
 */
export function PriceCompare({ initialEvent, currency: rawCurrency, signedIn, loadDelayMs }: PriceCompareProps) {
  const t = useT();
  const currency = toCurrency(rawCurrency);
  const delay = typeof loadDelayMs === 'number' && loadDelayMs >= 0 ? loadDelayMs : COMPARE_LOAD_DELAY_MS;
  const { state, dispatch } = useComparison(initialEvent, delay);
  const open = state.status !== 'closed';
  const picker = useModal();
  const similarModal = useModal();
  const info = useModal();
  // Each opening of a modal mounts it anew (its search and selection start empty).
  const [openings, setOpenings] = useState(0);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const headingId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  const say = (message: Message | null) => {
    if (message) emit('mall:toast', { type: message.type, message: t(message.key, message.args), duration: message.duration });
  };
  const modalShown = picker.phase !== 'closed' || similarModal.phase !== 'closed' || info.phase !== 'closed';
  const close = () => {
    picker.close();
    similarModal.close();
    info.close();
    dispatch({ type: 'close' });
  };
  // Escape closes the modal on top, else the sidebar.
  const onEscape = () => {
    if (picker.isOpen || similarModal.isOpen || info.isOpen) {
      picker.close();
      similarModal.close();
      info.close();
    } else {
      close();
    }
  };
  const { ref, onKeyDown } = useFocusTrap<HTMLDivElement>({ open, onEscape, lockScroll: true });
  // The focus moves into the sidebar as it opens (after the trap noted where it was).
  useLayoutEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open, state.prodId]);

  if (!open) return null;

  const openModal = (modal: { open: () => void }) => {
    setOpenings((n) => n + 1);
    modal.open();
  };
  const buying: Buying = {
    busy,
    buyNow: (product: ComparisonProduct) => {
      if (guestMustSignIn(signedIn === true)) return;
      const skuId = skuToBuy(product);
      if (skuId === null) return;
      const entry = { prodCount: 1, prodId: product.prodId, shopId: product.shopId, shopName: product.shopName, skuId };
      if (!buyNow(entry)) say(BUY_FAILED_MESSAGE);
    },
    addToCart: (product: ComparisonProduct) => {
      if (guestMustSignIn(signedIn === true)) return;
      const skuId = skuToBuy(product);
      if (skuId === null || busy.has(product.prodId)) return;
      setBusy((b) => new Set(b).add(product.prodId));
      void addToCart({ count: 1, prodId: product.prodId, shopId: product.shopId, shopName: product.shopName, skuId }).then(
        (added) => {
          say(added ? CART_ADDED_MESSAGE : CART_FAILED_MESSAGE);
          setBusy((b) => {
            const next = new Set(b);
            next.delete(product.prodId);
            return next;
          });
        },
      );
    },
  };
  const addSuppliers = (prodIds: number[]) => {
    const plan = planSuppliers(state, prodIds);
    say(alreadyMessage(plan.present));
    say(addedMessage(plan.added));
    dispatch({ type: 'addSuppliers', prodIds });
    if (plan.added.length > 0) picker.close();
    return [];
  };
  const addSimilar = (products: ComparisonProduct[]) => {
    dispatch({ type: 'addSimilar', products });
    say(addedMessage(products));
    similarModal.close();
  };

  return createPortal(
    <div className="pc-root" data-testid="price-compare">
      <div className="pc-mask" onClick={close} data-testid="pc-mask" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        aria-busy={state.status === 'loading'}
        className="pc-panel"
        onKeyDown={onKeyDown}
        inert={modalShown}
        data-status={state.status}
      >
        <div className="pc-head">
          <h2 id={headingId}>{t('pc-title')}</h2>
          <button type="button" className="pc-link" onClick={() => openModal(info)} data-testid="pc-info-open">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {t('pc-info')}
          </button>
          <button
            ref={closeRef}
            type="button"
            className="pc-icon-button"
            aria-label={t('pc-close')}
            onClick={close}
            data-testid="pc-close"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="pc-body">
          {showsSkeleton(state) ? (
            <>
              <p className="pc-visually-hidden" role="status">
                {t('pc-loading')}
              </p>
              <BannerSkeleton />
              <TableSkeleton />
            </>
          ) : (
            <>
              {state.product && (
                <Banner product={state.product} currency={currency} buying={buying} onAddSupplier={() => openModal(picker)} />
              )}
              <section className="pc-offers" aria-label={t('pc-title')}>
                {showsEmpty(state) ? (
                  <EmptyComparison
                    onRefresh={() => {
                      say(REFRESHING_MESSAGE);
                      dispatch({ type: 'reload' });
                    }}
                  />
                ) : (
                  <>
                    <SortBar state={state} onSort={(key) => dispatch({ type: 'sort', key })} />
                    <OffersTable
                      rows={state.rows}
                      currency={currency}
                      buying={buying}
                      onRemove={(row) => {
                        dispatch({ type: 'remove', prodId: row.prodId });
                        say(REMOVED_MESSAGE);
                      }}
                    />
                  </>
                )}
              </section>
              {state.product && (
                <SimilarSection
                  state={state}
                  similar={shownSimilar(state)}
                  currency={currency}
                  onAdd={(p) => addSimilar([p])}
                  onOpen={() => openModal(similarModal)}
                />
              )}
            </>
          )}
        </div>
      </div>
      <SupplierPicker
        key={`picker-${openings}`}
        phase={picker.phase}
        onClose={picker.close}
        state={state}
        currency={currency}
        onAdd={addSuppliers}
      />
      <SimilarModal
        key={`similar-${openings}`}
        phase={similarModal.phase}
        onClose={similarModal.close}
        state={state}
        currency={currency}
        onAdd={addSimilar}
      />
      <InfoModal phase={info.phase} onClose={info.close} />
    </div>,
    document.body,
  );
}
