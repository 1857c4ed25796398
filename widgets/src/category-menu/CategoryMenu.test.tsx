import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CategoryMenu } from './CategoryMenu';
import { clearGroups, groupHref, HOVER_DELAY_MS, leafHref } from './groups';

const groups = (parent: number) => ({
  categoryInfo: [
    {
      categoryId: parent * 10 + 1,
      categoryName: `Group ${parent}`,
      categories: [{ categoryId: parent * 100 + 1, categoryName: `Leaf ${parent}` }],
    },
  ],
});

let root: Root | undefined;
let resolvers: Map<number, () => void>;

function fetchWithGate() {
  resolvers = new Map();
  return vi.fn(async (url: string) => {
    const parent = Number(new URL(url, 'http://x').searchParams.get('parentId'));
    await new Promise<void>((resolve) => resolvers.set(parent, resolve));
    return new Response(JSON.stringify({ success: true, code: '00000', data: groups(parent) }));
  });
}

async function render() {
  document.body.innerHTML = `
    <nav class="category-menu">
      <ul>
        <li data-category-id="1" data-category-name="Phones"><a href="/list?cpid=1&st=0">Phones</a></li>
        <li data-category-id="2" data-category-name="Tea"><a href="/list?cpid=2&st=0">Tea</a></li>
      </ul>
      <div id="host"></div>
    </nav>`;
  root = createRoot(document.getElementById('host')!);
  await act(async () => root!.render(<CategoryMenu />));
}

const item = (id: number) => document.querySelector<HTMLElement>(`[data-category-id="${id}"]`)!;
const panel = () => document.querySelector('[data-testid="category-panel"]');

beforeEach(() => {
  clearGroups();
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('category mega-menu', () => {
  it('links groups and leaves to /list with cpid, cid, thCid and st=0', () => {
    expect(groupHref(1, 11)).toBe('/list?cpid=1&cid=11&st=0');
    expect(leafHref(1, 11, 101)).toBe('/list?cpid=1&cid=11&thCid=101&st=0');
  });

  it('opens after 100 ms of hover, shows a skeleton, then the groups', async () => {
    const fetchMock = fetchWithGate();
    vi.stubGlobal('fetch', fetchMock);
    await render();
    await act(async () => item(1).dispatchEvent(new Event('pointerover', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(HOVER_DELAY_MS - 10));
    expect(panel()).toBeNull();
    await act(async () => vi.advanceTimersByTime(10));
    expect(panel()?.querySelector('[data-testid="category-skeleton"]')).not.toBeNull();
    expect(panel()?.getAttribute('aria-busy')).toBe('true');
    expect(item(1).classList.contains('is-open')).toBe(true);
    await act(async () => resolvers.get(1)!());
    await act(async () => vi.runAllTimersAsync());
    expect(panel()?.textContent).toContain('Group 1');
    const leaf = panel()!.querySelector<HTMLAnchorElement>('.mega-menu__leaves a')!;
    expect(leaf.getAttribute('href')).toBe('/list?cpid=1&cid=11&thCid=101&st=0');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a newer hover wins over a slower older answer; answers are kept', async () => {
    const fetchMock = fetchWithGate();
    vi.stubGlobal('fetch', fetchMock);
    await render();
    await act(async () => item(1).dispatchEvent(new Event('pointerover', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(HOVER_DELAY_MS));
    await act(async () => item(2).dispatchEvent(new Event('pointerover', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(HOVER_DELAY_MS));
    await act(async () => resolvers.get(2)!());
    await act(async () => vi.runAllTimersAsync());
    await act(async () => resolvers.get(1)!());
    await act(async () => vi.runAllTimersAsync());
    expect(panel()?.textContent).toContain('Group 2');
    expect(panel()?.textContent).not.toContain('Group 1');
    // Back to the first: its kept answer shows without another request.
    await act(async () => item(1).dispatchEvent(new Event('pointerover', { bubbles: true })));
    await act(async () => vi.runAllTimersAsync());
    expect(panel()?.textContent).toContain('Group 1');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keyboard: focus opens at once, ArrowRight enters the panel, Escape closes', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, code: '00000', data: groups(2) }))));
    await render();
    const link = item(2).querySelector('a')!;
    await act(async () => link.focus());
    await act(async () => vi.runAllTimersAsync());
    expect(panel()?.textContent).toContain('Group 2');
    await act(async () => link.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(document.activeElement?.textContent).toBe('Group 2');
    await act(async () =>
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    );
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(link);
  });

  it('says so when the category has no groups or the request fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, code: '00000', data: { categoryInfo: [] } }))));
    await render();
    await act(async () => item(1).dispatchEvent(new Event('pointerover', { bubbles: true })));
    await act(async () => vi.runAllTimersAsync());
    expect(panel()?.textContent).toBe('No subcategories yet');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new Error('offline'))));
    await act(async () => item(2).dispatchEvent(new Event('pointerover', { bubbles: true })));
    await act(async () => vi.runAllTimersAsync());
    expect(panel()?.textContent).toBe('Could not load the categories. Move away and back to try again.');
  });
});
