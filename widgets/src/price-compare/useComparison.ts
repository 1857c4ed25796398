import { useEffect, useReducer } from 'react';
import { request } from '../api';
import { on } from '../events';
import { COMPARE_PAGE_SIZE } from '../generated/limits';
import { COMPARISON_MATCH_PRODUCTS, COMPARISON_SIMILAR_PRODUCTS } from '../generated/paths';
import type { ComparisonPage } from '../generated/types';
import { openedBy, reducer } from './state';

/** The query of both loads (spec section 7): the first page, cheapest first, then by rating. */
export const loadQuery = (productId: number) => ({
  current: 1,
  size: COMPARE_PAGE_SIZE,
  productId,
  orders: 'asc,asc',
  columns: 'price,shop_rating',
});

/**
 * The sidebar's state: opened by the `mall:open-compare` that loaded the widget and by every
 * later one; `loadDelayMs` after opening (the spec's artificial delay), the exact-match offers
 * and the similar products load together. A failed load empties the data (the empty state);
 * a load answered after the sidebar closed or reopened is dropped.
 */
export function useComparison(initialEvent: unknown, loadDelayMs: number) {
  const [state, dispatch] = useReducer(reducer, initialEvent, openedBy);

  useEffect(
    () =>
      on('mall:open-compare', (detail) => {
        const prodId = Number(detail?.prodId);
        if (Number.isInteger(prodId) && prodId > 0) dispatch({ type: 'open', prodId });
      }),
    [],
  );

  const { status, loadId, prodId } = state;
  useEffect(() => {
    if (status !== 'loading' || prodId === null) return;
    const timer = setTimeout(() => {
      const query = loadQuery(prodId);
      Promise.all([
        request<ComparisonPage>('GET', COMPARISON_MATCH_PRODUCTS, { query, handleError: true }),
        // Without similar products the comparison still shows.
        request<ComparisonPage>('GET', COMPARISON_SIMILAR_PRODUCTS, { query, handleError: true }).catch(() => null),
      ])
        .then(([match, similar]) =>
          dispatch({
            type: 'loaded',
            loadId,
            product: match.product,
            offers: match.records,
            similar: similar?.records ?? [],
          }),
        )
        .catch(() => dispatch({ type: 'failed', loadId }));
    }, loadDelayMs);
    return () => clearTimeout(timer);
  }, [status, loadId, prodId, loadDelayMs]);

  return { state, dispatch };
}
