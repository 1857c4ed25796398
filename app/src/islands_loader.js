// The islands' loader every page carries (see `shell::islands_loader`): fetches the browser's
// wasm and its glue, then hydrates every island, as Leptos's own islands script does.
//
// When: a page whose islands all wait for the visitor (`waitingIslands`: islands that change nothing
// until the visitor acts, see `shell::HYDRATE_ON_INTENT`), with no widget inside an island that
// mounts without an event and nothing marked `data-hydrate-at-load`, fetches nothing until the
// first sign of a visitor: a pointer moving or pressed, a touch, a key, a focus, a wheel or a
// scroll. Until then its links work as plain HTML; a plain click meant for an island (inside
// one, or on a compare or chat link the frame's islands listen for) and a form sent from an
// island are held and played again once the islands are interactive, and what the visitor
// typed or chose in an island meanwhile is kept through its hydration. Any other page starts
// once it has loaded and painted: content before code, so the page's largest file takes the
// bandwidth after the document, its styles and the images in view instead of sharing it. A
// page still loading a slow picture after a few seconds starts anyway, and a page opened in a
// background tab (which paints nothing) starts at once.
((jsUrl, wasmUrl, waitingIslands, heldEventNames) => {
  const STARTS_ANYWAY_AFTER_MS = 3000;
  const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
  // What a hydrated island would act on: the islands themselves and the links the frame's
  // islands handle for the whole page (`comparison::open`, `chat::open`).
  const HELD_CLICKS = 'leptos-island, [data-compare], [data-chat]';
  const childrenCallbacks = [];

  // Each island hydrates in its own task, so input is handled between them. The split
  // loader yields the same way between its chunks (scripts/wasm-opt/loader.mjs writes that
  // into the splitter's generated file; this script is inline in the page, so they cannot
  // share one function).
  function yieldToMain() {
    if (globalThis.scheduler && scheduler.yield) return scheduler.yield();
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }

  // The fields of an island the visitor changed before it hydrated (typed in, ticked, chosen:
  // their clicks are not held): hydration may set a bound field back to the island's starting
  // state, so their values are put back afterwards and announced (`input`, `change`) to the
  // island's handlers, which missed them.
  const FIELDS = 'input:not([type=hidden]):not([type=file]), textarea, select';
  function changedFields(el) {
    return [...el.querySelectorAll(FIELDS)].flatMap((field) => {
      if (field.type === 'checkbox' || field.type === 'radio') {
        return field.checked === field.defaultChecked ? [] : [{ field, checked: field.checked }];
      }
      if (field.tagName === 'SELECT') {
        const changed = [...field.options].some((option) => option.selected !== option.defaultSelected);
        return changed ? [{ field, value: field.value }] : [];
      }
      return field.value === field.defaultValue ? [] : [{ field, value: field.value }];
    });
  }
  function restoreFields(changed) {
    for (const { field, value, checked } of changed) {
      if (!field.isConnected) continue;
      if (checked !== undefined) field.checked = checked;
      else field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }

  async function hydrateIsland(el, mod) {
    await yieldToMain();
    const islandFn = mod[el.dataset.component];
    if (!islandFn) {
      console.warn(`No wasm function for the island ${el.dataset.component}`);
      return;
    }
    const childrenCallback = childrenCallbacks[childrenCallbacks.length - 1];
    if (childrenCallback) childrenCallback();
    const changed = changedFields(el);
    await islandFn(el);
    if (changed.length > 0) {
      // After the island's effects, which run before the next task.
      await yieldToMain();
      restoreFields(changed);
    }
  }

  async function traverse(node, mod) {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const tag = node.tagName.toLowerCase();
    if (tag === 'leptos-island') await hydrateIsland(node, mod);
    if (tag === 'leptos-children') childrenCallbacks.push(node.$$on_hydrate);
    for (const child of node.children) await traverse(child, mod);
    if (tag === 'leptos-children') childrenCallbacks.pop();
  }

  // A plain primary click on what an island will handle (a button in an island, or a link one
  // acts on: `data-hold-click`, compare and chat links), made before the islands are
  // interactive, is held and played again afterwards, in order with the others (a size chosen,
  // then "Add to cart"); a click repeating the one before it is held once (a visitor who clicked
  // twice on a slow page meant it once). Clicks with a modifier key still open links as the
  // browser does, and a click on a field or its label takes effect at once (kept through
  // hydration, above).
  const FIELD_CLICKS =
    'input:not([type=submit]):not([type=button]):not([type=image]):not([type=reset]), select, textarea, label';
  const held = [];
  // Forms the server answers by themselves (a post with an action): they go out as they are.
  // Forms the server answers (`api::forms`, and GET forms such as search, Settle, Buy Now).
  const HTML_FIRST_FORMS = 'form[action]';
  function holdClick(event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    // The element clicked, or its nearest HTML ancestor (an SVG icon has no `click()`).
    let target = event.target instanceof Element ? event.target : null;
    while (target && !(target instanceof HTMLElement)) target = target.parentElement;
    if (!target || !target.closest(HELD_CLICKS) || target.closest(FIELD_CLICKS)) return;
    // The submit button of an HTML-first form sends it at once: never held.
    if (target.closest('button[type=submit], input[type=submit]') && target.closest(HTML_FIRST_FORMS)) return;
    // A link goes where it points at once, unless an island acts on it instead.
    const link = target.closest('a[href]');
    if (link && !link.closest('[data-compare], [data-chat], [data-hold-click]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.length === 0 || held[held.length - 1].click !== target) held.push({ click: target });
    start();
  }

  // A form sent from an island before it is interactive (Enter in a field of a form without a
  // submit button; one with a button sends through a click, held above) waits the same way.
  // What widgets tell islands meanwhile (`shell::HELD_EVENTS`: an avatar uploaded, the cart
  // changed) is told again once the islands listen, before the held clicks.
  const heldEvents = [];
  const holdEvent = (event) => heldEvents.push(new CustomEvent(event.type, { detail: event.detail }));

  function holdSubmit(event) {
    if (!(event.target instanceof HTMLFormElement) || !event.target.closest('leptos-island')) return;
    if (event.target.matches(HTML_FIRST_FORMS)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.length === 0 || held[held.length - 1].form !== event.target) {
      held.push({ form: event.target, submitter: event.submitter });
    }
    start();
  }

  async function hydrated() {
    document.removeEventListener('click', holdClick, true);
    document.removeEventListener('submit', holdSubmit, true);
    for (const name of heldEventNames) removeEventListener(name, holdEvent);
    await yieldToMain();
    for (const event of heldEvents.splice(0)) dispatchEvent(event);
    // Each after the effects of the one before (and of hydration) have run.
    for (const action of held.splice(0)) {
      await yieldToMain();
      if (action.click) {
        if (action.click.isConnected) action.click.click();
      } else if (action.form.isConnected) {
        const submitter = action.submitter && action.submitter.isConnected ? action.submitter : undefined;
        action.form.requestSubmit(submitter);
      }
    }
  }

  // A sign of the visitor. A focus counts only on what an island handles: elsewhere it needs
  // no island, and a widget may move it itself (the login popup that `/login` opens on load
  // focuses its first field).
  function onIntent(event) {
    if (event.type === 'focusin' && !(event.target instanceof Element && event.target.closest(HELD_CLICKS))) return;
    start();
  }

  let started = false;
  function start() {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) removeEventListener(type, onIntent, true);
    // The module is fetched beside its glue, not after it.
    const wasm = fetch(wasmUrl);
    import(jsUrl)
      .then((mod) => mod.default({ module_or_path: wasm }).then(() => {
        mod.hydrate();
        return traverse(document.body, mod);
      }))
      .then(hydrated)
      .catch((error) => {
        console.error(error);
        return hydrated();
      });
  }

  function afterPaint() {
    if (document.hidden) start();
    // The frame after the load event paints what loaded; the task after it starts the fetch.
    else requestAnimationFrame(() => setTimeout(start, 0));
  }

  const componentName = (island) => island.dataset.component.replace(/_\d+$/, '');
  // A widget outside the islands mounts without waiting for them (`widgets/src/loader.ts`).
  const waitsForIntent =
    [...document.querySelectorAll('leptos-island')].every((island) => waitingIslands.includes(componentName(island))) &&
    [...document.querySelectorAll('leptos-island mall-widget')].every((widget) =>
      /^(event:|hover$)/.test(widget.dataset.load || ''),
    ) &&
    !document.querySelector('[data-hydrate-at-load]');

  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  for (const name of heldEventNames) addEventListener(name, holdEvent);
  if (waitsForIntent) {
    // Tells a script that reads the page (the first-load benchmark) that nothing more comes.
    window.__mallIslandsAwaitVisitor = true;
    for (const type of INTENT_EVENTS) addEventListener(type, onIntent, { capture: true, passive: true });
  } else if (document.readyState === 'complete') afterPaint();
  else {
    addEventListener('load', afterPaint, { once: true });
    setTimeout(start, STARTS_ANYWAY_AFTER_MS);
  }
})
