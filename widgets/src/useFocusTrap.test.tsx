import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tabbables, useFocusTrap } from './useFocusTrap';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;

interface DialogProps {
  open: boolean;
  onEscape: () => void;
  lockScroll?: boolean;
}

function Dialog({ open, onEscape, lockScroll }: DialogProps) {
  const { ref, onKeyDown } = useFocusTrap<HTMLDivElement>({ open, onEscape, lockScroll });
  if (!open) return null;
  return (
    <div ref={ref} role="dialog" data-testid="dialog" onKeyDown={onKeyDown}>
      <button type="button" data-testid="first">
        First
      </button>
      <input data-testid="middle" />
      <button type="button" disabled>
        Disabled
      </button>
      <button type="button" tabIndex={-1} data-testid="skipped">
        Not in the Tab order
      </button>
      <a href="#x" data-testid="last">
        Last
      </a>
    </div>
  );
}

const get = (testId: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (!el) throw new Error(`no [data-testid="${testId}"]`);
  return el;
};

async function render(props: DialogProps) {
  if (!root) {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  await act(async () => root!.render(<Dialog {...props} />));
}

/** Dispatches a keydown on `target`; returns whether it was default-prevented. */
async function key(target: EventTarget, k: string, init: KeyboardEventInit = {}): Promise<boolean> {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
  await act(async () => target.dispatchEvent(event));
  return event.defaultPrevented;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  document.body.style.overflow = '';
});

describe('useFocusTrap', () => {
  it('lists the elements Tab visits: not disabled, not tabIndex -1', async () => {
    await render({ open: true, onEscape: () => {} });
    expect(tabbables(get('dialog'))).toEqual([get('first'), get('middle'), get('last')]);
  });

  it('Tab on the last element wraps to the first, Shift+Tab on the first to the last', async () => {
    await render({ open: true, onEscape: () => {} });
    await act(async () => get('last').focus());
    expect(await key(get('last'), 'Tab')).toBe(true);
    expect(document.activeElement).toBe(get('first'));
    expect(await key(get('first'), 'Tab', { shiftKey: true })).toBe(true);
    expect(document.activeElement).toBe(get('last'));
  });

  it('leaves Tab alone between the ends', async () => {
    await render({ open: true, onEscape: () => {} });
    await act(async () => get('middle').focus());
    expect(await key(get('middle'), 'Tab')).toBe(false);
    expect(await key(get('middle'), 'Tab', { shiftKey: true })).toBe(false);
    await act(async () => get('first').focus());
    expect(await key(get('first'), 'Tab')).toBe(false);
    expect(document.activeElement).toBe(get('first'));
  });

  it('Shift+Tab brings a focus that got out back to the last element', async () => {
    await render({ open: true, onEscape: () => {} });
    await act(async () => (document.activeElement as HTMLElement | null)?.blur());
    expect(await key(get('dialog'), 'Tab', { shiftKey: true })).toBe(true);
    expect(document.activeElement).toBe(get('last'));
  });

  it('Escape in the dialog calls onEscape once', async () => {
    const onEscape = vi.fn();
    await render({ open: true, onEscape });
    await key(get('middle'), 'Escape');
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('Escape anywhere calls onEscape while open, and not once closed or already handled', async () => {
    const onEscape = vi.fn();
    await render({ open: true, onEscape });
    await key(document.body, 'Escape');
    expect(onEscape).toHaveBeenCalledTimes(1);
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    await act(async () => document.body.dispatchEvent(handled));
    expect(onEscape).toHaveBeenCalledTimes(1);
    await render({ open: false, onEscape });
    await key(document.body, 'Escape');
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('calls the newest onEscape', async () => {
    const first = vi.fn();
    const second = vi.fn();
    await render({ open: true, onEscape: first });
    await render({ open: true, onEscape: second });
    await key(document.body, 'Escape');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('gives the focus back to where it was on close', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    await render({ open: false, onEscape: () => {} });
    await render({ open: true, onEscape: () => {} });
    await act(async () => get('middle').focus());
    expect(document.activeElement).toBe(get('middle'));
    await render({ open: false, onEscape: () => {} });
    expect(document.activeElement).toBe(opener);
  });

  it('keeps the page from scrolling while open only when asked', async () => {
    document.body.style.overflow = 'auto';
    await render({ open: true, onEscape: () => {}, lockScroll: true });
    expect(document.body.style.overflow).toBe('hidden');
    await render({ open: false, onEscape: () => {}, lockScroll: true });
    expect(document.body.style.overflow).toBe('auto');
    await render({ open: true, onEscape: () => {} });
    expect(document.body.style.overflow).toBe('auto');
  });
});
