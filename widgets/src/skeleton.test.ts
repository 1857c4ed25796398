import { afterEach, describe, expect, it } from 'vitest';
import { isPlainClick, restoreSkeletons, showSkeleton } from './skeleton';

afterEach(() => {
  restoreSkeletons();
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = `
    <template data-skeleton-for="list-results"><div class="skeleton">loading</div></template>
    <div id="list-results"><a id="next" href="/list?current=2" data-skeleton="list-results">Next</a><p>results</p></div>`;
}

describe('skeletons while the next page loads', () => {
  it('replace the region with its template, and come back on restore', () => {
    page();
    expect(showSkeleton('list-results')).toBe(true);
    const region = document.getElementById('list-results')!;
    expect(region.textContent).toBe('loading');
    expect(region.getAttribute('aria-busy')).toBe('true');
    // A second click keeps the original content to restore.
    showSkeleton('list-results');
    restoreSkeletons();
    expect(region.textContent).toBe('Nextresults');
    expect(region.hasAttribute('aria-busy')).toBe(false);
  });

  it('do nothing without a region or template', () => {
    page();
    expect(showSkeleton('nowhere')).toBe(false);
    document.querySelector('template')!.remove();
    expect(showSkeleton('list-results')).toBe(false);
    expect(document.getElementById('list-results')!.textContent).toBe('Nextresults');
  });

  it('only for plain clicks that navigate this tab', () => {
    page();
    const link = document.getElementById('next') as HTMLAnchorElement;
    const click = (init: MouseEventInit = {}) => new MouseEvent('click', { button: 0, ...init });
    expect(isPlainClick(click(), link)).toBe(true);
    expect(isPlainClick(click({ ctrlKey: true }), link)).toBe(false);
    expect(isPlainClick(click({ metaKey: true }), link)).toBe(false);
    expect(isPlainClick(click({ button: 1 }), link)).toBe(false);
    link.target = '_blank';
    expect(isPlainClick(click(), link)).toBe(false);
  });
});
