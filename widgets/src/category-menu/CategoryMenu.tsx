import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import type { WidgetProps } from '../types';
import { type Category, groupHref, HOVER_DELAY_MS, leafHref, loadGroups } from './groups';
import './category-menu.css';

/** The top category items the server rendered (`[data-category-id]`) inside the menu. */
const ITEM = '[data-category-id]';

type Panel =
  | { state: 'closed' }
  | { state: 'loading'; id: number; name: string }
  | { state: 'ready'; id: number; name: string; groups: Category[] }
  | { state: 'failed'; id: number; name: string };

/**
 * The category mega-menu (spec section 2): the server renders the left list (icon, title,
 * first four subcategories) so it works without JavaScript; this widget, mounted inside the
 * same `<nav>`, opens a top category's groups on hover (after 100 ms) or keyboard focus,
 * loading them with a skeleton on first use. Arrow keys move between top categories and into
 * the panel, Escape closes it.
 */
export function CategoryMenu(_props: WidgetProps<'category-menu'>) {
  const t = useT();
  const anchor = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [panel, setPanel] = useState<Panel>({ state: 'closed' });
  const openId = useRef<number | null>(null);

  const open = useCallback((item: HTMLElement) => {
    const id = Number(item.dataset.categoryId);
    if (!Number.isFinite(id) || openId.current === id) return;
    openId.current = id;
    const name = item.dataset.categoryName ?? '';
    const menu = item.closest('nav');
    menu?.querySelectorAll(ITEM).forEach((el) => el.classList.toggle('is-open', el === item));
    setPanel({ state: 'loading', id, name });
    loadGroups(id).then(
      // A newer hover wins: only the category still open is shown.
      (groups) => openId.current === id && setPanel({ state: 'ready', id, name, groups }),
      () => openId.current === id && setPanel({ state: 'failed', id, name }),
    );
  }, []);

  const close = useCallback(() => {
    openId.current = null;
    anchor.current?.closest('nav')?.querySelectorAll(ITEM).forEach((el) => el.classList.remove('is-open'));
    setPanel({ state: 'closed' });
  }, []);

  useEffect(() => {
    const menu = anchor.current?.closest('nav');
    if (!menu) return;
    const items = Array.from(menu.querySelectorAll<HTMLElement>(ITEM));
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Escape returns focus to the top category without opening it again.
    let keepClosed = false;
    const later = (fn: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(fn, HOVER_DELAY_MS);
    };
    const onOver = (event: PointerEvent) => {
      const item = (event.target as Element).closest<HTMLElement>(ITEM);
      if (item && menu.contains(item)) later(() => open(item));
    };
    const onLeave = () => later(close);
    const onFocusIn = (event: FocusEvent) => {
      clearTimeout(timer);
      const item = (event.target as Element).closest<HTMLElement>(ITEM);
      if (item && !keepClosed) open(item);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!menu.contains(event.relatedTarget as Node | null)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      const item = (event.target as Element).closest<HTMLElement>(ITEM);
      const inPanel = panelRef.current?.contains(event.target as Node) ?? false;
      if (event.key === 'Escape') {
        const current = items.find((el) => Number(el.dataset.categoryId) === openId.current);
        close();
        keepClosed = true;
        current?.querySelector<HTMLElement>('a')?.focus();
        keepClosed = false;
        event.preventDefault();
      } else if (item && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        const next = items[(items.indexOf(item) + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length];
        next?.querySelector<HTMLElement>('a')?.focus();
        event.preventDefault();
      } else if (item && event.key === 'ArrowRight') {
        panelRef.current?.querySelector<HTMLElement>('a')?.focus();
        event.preventDefault();
      } else if (inPanel && event.key === 'ArrowLeft') {
        items.find((el) => Number(el.dataset.categoryId) === openId.current)?.querySelector<HTMLElement>('a')?.focus();
        event.preventDefault();
      }
    };
    menu.addEventListener('pointerover', onOver);
    menu.addEventListener('pointerleave', onLeave);
    menu.addEventListener('focusin', onFocusIn);
    menu.addEventListener('focusout', onFocusOut);
    menu.addEventListener('keydown', onKey);
    // The hover or focus that loaded this widget opens its category at once.
    const active = menu.querySelector<HTMLElement>(`${ITEM}:hover`) ?? document.activeElement?.closest<HTMLElement>(ITEM);
    if (active && menu.contains(active)) open(active);
    return () => {
      clearTimeout(timer);
      menu.removeEventListener('pointerover', onOver);
      menu.removeEventListener('pointerleave', onLeave);
      menu.removeEventListener('focusin', onFocusIn);
      menu.removeEventListener('focusout', onFocusOut);
      menu.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return (
    <div ref={anchor} className="mega-menu">
      {panel.state !== 'closed' && (
        <div
          ref={panelRef}
          className="mega-menu__panel"
          role="region"
          aria-label={panel.name}
          aria-busy={panel.state === 'loading'}
          data-testid="category-panel"
        >
          {panel.state === 'loading' && <CategorySkeleton label={t('category-loading')} />}
          {panel.state === 'failed' && <p className="mega-menu__note">{t('category-failed')}</p>}
          {panel.state === 'ready' && panel.groups.length === 0 && <p className="mega-menu__note">{t('category-empty')}</p>}
          {panel.state === 'ready' &&
            panel.groups.map((group) => (
              <div className="mega-menu__group" key={group.categoryId}>
                <a className="mega-menu__group-title" href={groupHref(panel.id, group.categoryId)}>
                  {group.categoryName}
                </a>
                <div className="mega-menu__leaves">
                  {(group.categories ?? []).map((leaf) => (
                    <a key={leaf.categoryId} href={leafHref(panel.id, group.categoryId, leaf.categoryId)}>
                      {leaf.categoryName}
                    </a>
                  ))}
                </div>
              </div>
            ))}
        </div>
      )}
    </div>
  );
}

/** The category skeleton: grey bars in the shape of three groups, announced as loading. */
export function CategorySkeleton({ label }: { label: string }) {
  return (
    <div className="skeleton skeleton--category" role="status" data-testid="category-skeleton">
      <span className="visually-hidden">{label}</span>
      {[0, 1, 2].map((group) => (
        <div className="skeleton__group" key={group} aria-hidden="true">
          <span className="skeleton__bar skeleton__bar--title" />
          <span className="skeleton__bar" />
          <span className="skeleton__bar skeleton__bar--short" />
        </div>
      ))}
    </div>
  );
}
