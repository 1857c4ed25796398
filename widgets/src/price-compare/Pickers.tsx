import { useEffect, useId, useMemo, useState } from 'react';
import { request } from '../api';
import { PRODUCT_COMPARE_SIMILAR } from '../generated/paths';
import type { ComparisonProduct } from '../generated/types';
import { useT } from '../i18n';
import { type DisplayCurrency, formatMoney } from '../money';
import { Modal, type ModalPhase } from './Modal';
import { Picture } from './Sections';
import {
  type CompareState,
  canAddSimilar,
  canAddSuppliers,
  filterPicker,
  pickerEmptyKey,
  pickerItems,
  pickerPrice,
  similarSelectable,
  toggleSelection,
} from './state';

/** How long the similar-product search waits after the last key (spec section 9's suggestions). */
export const SIMILAR_SEARCH_DEBOUNCE_MS = 500;

/** 'How we display price and shops'. */
export function InfoModal({ phase, onClose }: { phase: ModalPhase; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      phase={phase}
      onClose={onClose}
      title={t('pc-info-title')}
      testId="pc-info-modal"
      size="narrow"
      footer={
        <button type="button" className="pc-button pc-button--primary" onClick={onClose}>
          {t('pc-info-close')}
        </button>
      }
    >
      <p>{t('pc-info-updates')}</p>
      <p>{t('pc-info-order')}</p>
    </Modal>
  );
}

/** What both pickers take: the modal's phase and close, the comparison, the currency, and what adding does. */
interface PickerProps<Add> {
  phase: ModalPhase;
  onClose: () => void;
  state: CompareState;
  currency: DisplayCurrency;
  onAdd: Add;
}

/**
 * The supplier picker: search, multi-select cards (Already Added on those compared, a mark on
 * removed ones), and the add button with the count, disabled with nothing selected. Mount it
 * anew (a new `key`) each time it opens: the search and the selection start empty.
 */
export function SupplierPicker({ phase, onClose, state, currency, onAdd }: PickerProps<(prodIds: number[]) => number[]>) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const all = pickerItems(state);
  const shown = filterPicker(all, query);
  const empty = pickerEmptyKey(all, shown);
  const searchId = useId();
  return (
    <Modal
      phase={phase}
      onClose={onClose}
      title={t('pc-picker-title')}
      testId="pc-picker"
      footer={
        <button
          type="button"
          className="pc-button pc-button--primary"
          disabled={!canAddSuppliers(selected)}
          onClick={() => setSelected(onAdd(selected))}
          data-testid="pc-picker-add"
        >
          {t('pc-picker-add', { count: selected.length })}
        </button>
      }
    >
      <label className="pc-visually-hidden" htmlFor={searchId}>
        {t('pc-picker-search')}
      </label>
      <input
        id={searchId}
        type="search"
        className="pc-input"
        placeholder={t('pc-picker-search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        data-testid="pc-picker-search"
      />
      {empty ? (
        <p className="pc-picker__empty" data-testid="pc-picker-empty">
          {t(empty)}
        </p>
      ) : (
        <ul className="pc-picker__grid">
          {shown.map(({ product, added, removed }) => {
            const on = selected.includes(product.prodId);
            return (
              <li key={product.prodId}>
                <button
                  type="button"
                  className={`pc-card${on ? ' is-selected' : ''}${added ? ' is-added' : ''}`}
                  aria-pressed={on}
                  onClick={() => setSelected((s) => toggleSelection(s, product.prodId))}
                  data-testid="pc-picker-card"
                  data-prod-id={product.prodId}
                  data-added={added || undefined}
                >
                  <Picture src={product.imageUrl} size={64} />
                  <span className="pc-card__text">
                    {added && <span className="pc-badge pc-badge--added">{t('pc-already-added')}</span>}
                    {removed && <span className="pc-badge">{t('pc-picker-removed')}</span>}
                    <span className="pc-card__shop">{product.shopName}</span>
                    <span className="pc-card__name">{product.name}</span>
                    <span className="pc-card__price" data-testid="pc-picker-price">
                      {pickerPrice(product.price, currency)}
                    </span>
                    <span className="pc-muted">
                      <span aria-hidden="true">★</span> {product.shop.rating.toFixed(1)}
                    </span>
                  </span>
                  <span className="pc-card__check" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}

/**
 * The similar-product modal: a tag-style multi-select search (chosen products as tags in the
 * field, typing searches `/product/compare/similar`, Backspace in an empty field removes the
 * last tag), the suggestions (the compared product and those in the table cannot be chosen),
 * and the add button, disabled with nothing chosen or no candidate left. Mount it anew each
 * time it opens.
 */
export function SimilarModal({ phase, onClose, state, currency, onAdd }: PickerProps<(products: ComparisonProduct[]) => void>) {
  const t = useT();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ComparisonProduct[]>([]);
  const [found, setFound] = useState<{ keyword: string; products: ComparisonProduct[] } | null>(null);
  const keyword = text.trim();
  const prodId = state.product?.prodId;
  useEffect(() => {
    if (!keyword || prodId === undefined) return;
    let live = true;
    const timer = setTimeout(() => {
      request<ComparisonProduct[]>('GET', PRODUCT_COMPARE_SIMILAR, {
        query: { productId: prodId, keyword, size: 20 },
        handleError: true,
      })
        .then((products) => live && setFound({ keyword, products }))
        .catch(() => live && setFound({ keyword, products: [] }));
    }, SIMILAR_SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword, prodId]);
  const searching = keyword !== '' && found?.keyword !== keyword;
  const suggestions = keyword ? (found?.keyword === keyword ? found.products : []) : state.similar;
  const candidates = useMemo(() => {
    const byId = new Map<number, ComparisonProduct>();
    for (const p of [...state.similar, ...(found?.products ?? []), ...chosen]) byId.set(p.prodId, p);
    return [...byId.values()];
  }, [state.similar, found, chosen]);
  const chosenIds = chosen.map((p) => p.prodId);
  const toggle = (p: ComparisonProduct) =>
    setChosen((c) => (c.some((x) => x.prodId === p.prodId) ? c.filter((x) => x.prodId !== p.prodId) : [...c, p]));
  const inputId = useId();
  const hintId = useId();
  return (
    <Modal
      phase={phase}
      onClose={onClose}
      title={t('pc-similar-modal-title')}
      testId="pc-similar-modal"
      footer={
        <button
          type="button"
          className="pc-button pc-button--primary"
          disabled={!canAddSimilar(state, candidates, chosenIds)}
          onClick={() => onAdd(chosen)}
          data-testid="pc-similar-add"
        >
          {t('pc-similar-add', { count: chosen.length })}
        </button>
      }
    >
      <div className="pc-tags">
        {chosen.map((p) => (
          <span key={p.prodId} className="pc-tag" data-testid="pc-similar-tag">
            <span className="pc-tag__text">{p.name}</span>
            <button type="button" aria-label={t('pc-similar-remove-tag', { name: p.name })} onClick={() => toggle(p)}>
              ×
            </button>
          </span>
        ))}
        <label className="pc-visually-hidden" htmlFor={inputId}>
          {t('pc-similar-search')}
        </label>
        <input
          id={inputId}
          className="pc-tags__input"
          type="search"
          placeholder={chosen.length === 0 ? t('pc-similar-search') : ''}
          value={text}
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && text === '' && chosen.length > 0) setChosen((c) => c.slice(0, -1));
            if (event.key === 'Enter') {
              event.preventDefault();
              const first = suggestions.find((p) => similarSelectable(state, p) && !chosenIds.includes(p.prodId));
              if (first) toggle(first);
            }
          }}
          data-testid="pc-similar-input"
        />
      </div>
      <p id={hintId} className="pc-muted pc-tags__hint">
        {t('pc-similar-search-hint')}
      </p>
      <h4 className="pc-suggestions__title">{t('pc-similar-suggestions')}</h4>
      {searching ? (
        <p className="pc-muted">{t('pc-similar-searching')}</p>
      ) : suggestions.length === 0 ? (
        <p className="pc-picker__empty" data-testid="pc-similar-none">
          {t('pc-similar-empty')}
        </p>
      ) : (
        <ul className="pc-suggestions">
          {suggestions.map((p) => {
            const selectable = similarSelectable(state, p);
            const on = chosenIds.includes(p.prodId);
            const reason = p.prodId === prodId ? t('pc-similar-main') : t('pc-similar-in-table');
            return (
              <li key={p.prodId}>
                <button
                  type="button"
                  className={`pc-suggestion${on ? ' is-selected' : ''}`}
                  aria-pressed={on}
                  disabled={!selectable}
                  onClick={() => toggle(p)}
                  data-testid="pc-similar-option"
                  data-prod-id={p.prodId}
                >
                  <Picture src={p.imageUrl} size={40} />
                  <span className="pc-suggestion__name">{p.name}</span>
                  <span className="pc-suggestion__shop pc-muted">{p.shopName}</span>
                  <strong>{formatMoney(p.price, currency)}</strong>
                  {!selectable && <span className="pc-badge">{reason}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
