/**
 * What a page load records, posted by the loader, which every page runs at once, so it counts
 * whether or not the page's wasm ever loads:
 * - visit analytics (spec section 4 "Visit session"): a visitor uuid, a session uuid that
 *   starts anew after more than 30 minutes idle, and a step that rises by one per tracked page;
 *   a tracked page carries one mark (`app/src/frame/visit_tracker.rs`);
 * - a signed-in buyer's footprint on a product page (`RecordFootprint` in
 *   `app/src/catalog/collect_product.rs`).
 */
import { request } from './api';
import type { FlowLog } from './generated/types';

/** Idle time after which a new visit session begins. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

/** The stored visit state after one more tracked page. */
export function nextStep(
  nowMs: number,
  lastSeenMs: number | undefined,
  lastStep: number | undefined,
): { newSession: boolean; step: number } {
  if (lastSeenMs !== undefined && lastStep !== undefined && nowMs >= lastSeenMs && nowMs - lastSeenMs <= SESSION_IDLE_MS) {
    return { newSession: false, step: lastStep + 1 };
  }
  return { newSession: true, step: 1 };
}

const KEYS = {
  visitor: 'mall.uuid',
  session: 'mall.uuidSession',
  step: 'mall.step',
  seen: 'mall.sessionTs',
  prevPage: 'mall.prevPageId',
} as const;

/** A whole number stored under `key`, if there is one. */
function storedInt(storage: Storage, key: string): number | undefined {
  const value = storage.getItem(key);
  if (value === null || !/^-?\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

function uuid(now: number): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(now);
}

/**
 * The record of this visit to the page `mark` describes, with the stored visit state moved on
 * by one page; undefined when the mark is not a tracked page's.
 */
export function recordVisit(mark: HTMLElement, storage: Storage, now: number): FlowLog | undefined {
  const pageId = Number(mark.dataset.visitPage);
  const bizType = Number(mark.dataset.visitBizType ?? '0');
  if (!Number.isSafeInteger(pageId) || !Number.isSafeInteger(bizType)) return undefined;
  const { newSession, step } = nextStep(now, storedInt(storage, KEYS.seen), storedInt(storage, KEYS.step));
  const visitor = storage.getItem(KEYS.visitor) ?? uuid(now);
  const session = (!newSession && storage.getItem(KEYS.session)) || uuid(now);
  const prevPageId = newSession ? undefined : storedInt(storage, KEYS.prevPage);
  storage.setItem(KEYS.visitor, visitor);
  storage.setItem(KEYS.session, session);
  storage.setItem(KEYS.step, String(step));
  storage.setItem(KEYS.seen, String(now));
  storage.setItem(KEYS.prevPage, String(pageId));
  return {
    pageId,
    bizData: mark.dataset.visitBizData,
    bizType,
    step,
    systemType: 1,
    uuid: visitor,
    uuidSession: session,
    visitType: 1,
    prevPageId,
  };
}

/** Posts the visit of this page if it is a tracked one; a failure shows nothing. */
export function trackVisit(): void {
  const mark = document.querySelector<HTMLElement>('[data-visit-page]');
  if (!mark) return;
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return;
  }
  // The server names the endpoint, FLOW_ANALYSIS_LOG or FLOW_ANALYSIS_LOG_SIGNED_IN, as it
  // knows the visitor (and the contract's paths stay out of this small chunk).
  const path = mark.dataset.visitEndpoint;
  if (!path?.startsWith('/')) return;
  const record = recordVisit(mark, storage, Date.now());
  if (!record) return;
  request('POST', path, { body: record, silentAuth: true, handleError: true }).catch(() => undefined);
}

/** Posts the signed-in buyer's footprint if the page carries its mark; a failure shows nothing. */
export function recordFootprint(): void {
  const mark = document.querySelector<HTMLElement>('[data-footprint]');
  const path = mark?.dataset.footprintEndpoint;
  const prodId = Number(mark?.dataset.footprint);
  if (!path?.startsWith('/') || !Number.isSafeInteger(prodId)) return;
  request('POST', path, { form: { prodId }, silentAuth: true, handleError: true }).catch(() => undefined);
}
