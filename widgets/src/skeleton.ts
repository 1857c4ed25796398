/**
 * Skeletons while the next page loads. Pages are rendered on the server, so a list shows its
 * results at once; what takes time is the *next* page after a click on a sort, page or
 * category link. Such links carry `data-skeleton="REGION"`: on a plain click the element
 * `#REGION` is replaced by the content of `<template data-skeleton-for="REGION">` (rendered
 * by the server in the page's language) until the browser has the next page. Coming back
 * through the back/forward cache restores the original content.
 */

/** Regions replaced by skeletons, with what they held, to restore on a back navigation. */
const replaced = new Map<HTMLElement, Node[]>();

/** Whether a click is a plain same-tab navigation (not a new tab, window or download). */
export function isPlainClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (!link.target || link.target === '_self') &&
    !link.hasAttribute('download')
  );
}

/** Fills region `id` with its skeleton template; false when either is missing. */
export function showSkeleton(id: string): boolean {
  const region = document.getElementById(id);
  const template = document.querySelector<HTMLTemplateElement>(`template[data-skeleton-for="${CSS.escape(id)}"]`);
  if (!region || !template) return false;
  if (!replaced.has(region)) replaced.set(region, Array.from(region.childNodes));
  region.replaceChildren(template.content.cloneNode(true));
  region.setAttribute('aria-busy', 'true');
  return true;
}

/** Puts back what the skeletons replaced. */
export function restoreSkeletons(): void {
  for (const [region, nodes] of replaced) {
    region.replaceChildren(...nodes);
    region.removeAttribute('aria-busy');
  }
  replaced.clear();
}

/** Listens for marked links (once per page). */
export function installSkeletons(): void {
  // Bubbling phase: handlers that cancel the click (e.g. islands) run first.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-skeleton]');
    if (!link || !isPlainClick(event, link)) return;
    // Same-page anchors do not load anything.
    if (link.pathname === location.pathname && link.search === location.search) return;
    showSkeleton(link.dataset.skeleton ?? '');
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) restoreSkeletons();
  });
}
