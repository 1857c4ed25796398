import type { MallEvents } from './events';

/**
 * Toasts in plain DOM (no React, so the loader can show them without loading a widget):
 * a fixed stack at the top centre, announced politely to screen readers.
 */

export const DEFAULT_TOAST_MS = 1500;

const CSS =
  '.mall-toasts{position:fixed;top:16px;left:50%;transform:translateX(-50%);z-index:2147483000;' +
  'display:flex;flex-direction:column;align-items:center;gap:8px;pointer-events:none;width:max-content;max-width:calc(100vw - 32px)}' +
  '.mall-toast{font:inherit;font-size:14px;line-height:1.4;padding:10px 16px;border-radius:6px;border:1px solid;' +
  'background:#f4f4f5;border-color:#e4e4e7;color:#3f3f46;box-shadow:0 4px 12px rgba(0,0,0,.12);' +
  'pointer-events:auto;overflow-wrap:anywhere;animation:mall-toast-in .2s ease-out}' +
  '.mall-toast--success{background:#f0f9eb;border-color:#c2e7b0;color:#3f7d20}' +
  '.mall-toast--error{background:#fef0f0;border-color:#fbc4c4;color:#c0262d}' +
  '.mall-toast--warning{background:#fdf6ec;border-color:#f5dab1;color:#a2640a}' +
  '@keyframes mall-toast-in{from{opacity:0;transform:translateY(-8px)}}' +
  '@media (prefers-reduced-motion:reduce){.mall-toast{animation:none}}';

let stack: HTMLElement | null = null;

function container(): HTMLElement {
  if (stack?.isConnected) return stack;
  if (!document.getElementById('mall-toast-css')) {
    const style = document.createElement('style');
    style.id = 'mall-toast-css';
    style.textContent = CSS;
    document.head.append(style);
  }
  stack = document.createElement('div');
  stack.className = 'mall-toasts';
  stack.setAttribute('role', 'status');
  stack.setAttribute('aria-live', 'polite');
  document.body.append(stack);
  return stack;
}

/** Shows one toast; returns the element (removed after `duration` ms). */
export function showToast(toast: MallEvents['mall:toast']): HTMLElement {
  const type = ['success', 'error', 'warning', 'info'].includes(toast.type) ? toast.type : 'info';
  const el = document.createElement('div');
  el.className = `mall-toast mall-toast--${type}`;
  el.textContent = toast.message;
  container().append(el);
  setTimeout(() => el.remove(), toast.duration ?? DEFAULT_TOAST_MS);
  return el;
}
