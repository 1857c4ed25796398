/**
 * The category menu's data rules, apart from React: the hover delay, the `/list` links of a
 * group and a leaf, and one request per top category (answers are kept; a failed one is
 * forgotten so that the next hover asks again).
 */
import { request } from '../api';
import { CATEGORY_INFO } from '../generated/paths';
import type { Category, CategoryInfo, CategoryInfoQuery } from '../generated/types';

/** Hovering a top category opens its groups after this delay (spec section 9). */
export const HOVER_DELAY_MS = 100;

export type { Category };

/** The list of a second-level group: `/list?cpid&cid&st=0`. */
export const groupHref = (cpid: number, cid: number): string => `/list?cpid=${cpid}&cid=${cid}&st=0`;

/** The list of a third-level leaf: `/list?cpid&cid&thCid&st=0` (spec section 2). */
export const leafHref = (cpid: number, cid: number, thCid: number): string =>
  `/list?cpid=${cpid}&cid=${cid}&thCid=${thCid}&st=0`;

const cache = new Map<number, Promise<Category[]>>();

/** The groups (second level, each with its leaves) of top category `parentId`. */
export function loadGroups(parentId: number): Promise<Category[]> {
  let answer = cache.get(parentId);
  if (!answer) {
    const query: CategoryInfoQuery = { parentId };
    answer = request<CategoryInfo | null>('GET', CATEGORY_INFO, { query, handleError: true }).then(
      (data) => data?.categoryInfo ?? [],
    );
    answer.catch(() => cache.delete(parentId));
    cache.set(parentId, answer);
  }
  return answer;
}

/** Forgets every kept answer (tests; a language switch reloads the page anyway). */
export function clearGroups(): void {
  cache.clear();
}
