import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLOW_ANALYSIS_LOG, FLOW_ANALYSIS_LOG_SIGNED_IN, RECENT_BROWSE } from './generated/paths';
import { SESSION_IDLE_MS, nextStep, recordFootprint, recordVisit, trackVisit } from './visits';

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function mark(attrs: string): HTMLElement {
  document.body.innerHTML = `<span class="visit-tracker" hidden ${attrs}></span>`;
  return document.querySelector('span')!;
}

describe('the visit session', () => {
  it('continues within thirty minutes', () => {
    expect(nextStep(1000, 0, 3)).toEqual({ newSession: false, step: 4 });
    expect(nextStep(SESSION_IDLE_MS, 0, 3)).toEqual({ newSession: false, step: 4 });
  });

  it('starts anew after idle, without state, or when the clock went back', () => {
    expect(nextStep(SESSION_IDLE_MS + 1, 0, 3)).toEqual({ newSession: true, step: 1 });
    expect(nextStep(5, undefined, undefined)).toEqual({ newSession: true, step: 1 });
    expect(nextStep(5, 10, 2)).toEqual({ newSession: true, step: 1 });
  });
});

describe('a tracked page', () => {
  it('records step 1 of a new session, then the next step with the previous page', () => {
    const first = recordVisit(mark('data-visit-page="1" data-visit-biz-type="0"'), localStorage, 1_000)!;
    expect(first).toMatchObject({ pageId: 1, bizType: 0, step: 1, systemType: 1, visitType: 1 });
    expect(first.prevPageId).toBeUndefined();
    expect(first.bizData).toBeUndefined();
    const second = recordVisit(mark('data-visit-page="3" data-visit-biz-type="2" data-visit-biz-data="7"'), localStorage, 2_000)!;
    expect(second).toMatchObject({ pageId: 3, bizType: 2, bizData: '7', step: 2, prevPageId: 1 });
    expect(second.uuid).toBe(first.uuid);
    expect(second.uuidSession).toBe(first.uuidSession);
  });

  it('keeps the visitor but starts a new session after half an hour idle', () => {
    const first = recordVisit(mark('data-visit-page="6" data-visit-biz-type="0"'), localStorage, 0)!;
    const later = recordVisit(mark('data-visit-page="6" data-visit-biz-type="0"'), localStorage, SESSION_IDLE_MS + 1)!;
    expect(later.uuid).toBe(first.uuid);
    expect(later.uuidSession).not.toBe(first.uuidSession);
    expect(later.step).toBe(1);
    expect(later.prevPageId).toBeUndefined();
  });

  it('ignores stored state that is not a number', () => {
    localStorage.setItem('mall.sessionTs', 'soon');
    localStorage.setItem('mall.step', '3');
    expect(recordVisit(mark('data-visit-page="6" data-visit-biz-type="0"'), localStorage, 5)!.step).toBe(1);
  });

  it('records nothing for a mark without a page id', () => {
    expect(recordVisit(mark('data-visit-page="x"'), localStorage, 5)).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('posts to the endpoint the page names, and nowhere without one', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, code: '00000', msg: null, data: null })),
    );
    mark(`data-visit-page="12" data-visit-biz-type="0" data-visit-endpoint="${FLOW_ANALYSIS_LOG_SIGNED_IN}"`);
    trackVisit();
    mark('data-visit-page="6" data-visit-biz-type="0"');
    trackVisit();
    mark(`data-visit-page="6" data-visit-biz-type="0" data-visit-endpoint="${FLOW_ANALYSIS_LOG}"`);
    trackVisit();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/p/flowAnalysisLog', '/api/flowAnalysisLog']);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({ pageId: 12, step: 1 });
  });
});

describe("a signed-in buyer's footprint", () => {
  it('posts the product of the mark as a form, and nothing without a mark or a product id', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, code: '00000', msg: null, data: null })),
    );
    recordFootprint();
    document.body.innerHTML = `<span hidden data-footprint="x" data-footprint-endpoint="${RECENT_BROWSE}"></span>`;
    recordFootprint();
    document.body.innerHTML = `<span hidden data-footprint="42" data-footprint-endpoint="${RECENT_BROWSE}"></span>`;
    recordFootprint();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/p/user/recentBrowse');
    expect(String(fetch.mock.calls[0]?.[1]?.body)).toBe('prodId=42');
  });
});
