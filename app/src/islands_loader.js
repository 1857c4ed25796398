// The islands' loader every page carries (see `shell::islands_loader`): fetches the browser's
// wasm and its glue, then hydrates every island, as Leptos's own islands script does.
//
// When: a page whose islands all wait for the visitor (`onIntent`: the frame's links, search
// box, badges and sticky header) and whose widgets all load on an event or a hover fetches
// nothing until the first sign of a visitor: a pointer moving or pressed, a touch, a key, a
// focus, a wheel or a scroll. Until then its links and forms work as plain HTML, and a plain
// click meant for an island (inside one, or on a compare or chat link the frame's islands
// listen for) is held and played again once the islands are interactive. Any other page starts
// once it has loaded and painted: content before code, so the page's largest file takes the
// bandwidth after the document, its styles and the images in view instead of sharing it. A
// page still loading a slow picture after a few seconds starts anyway, and a page opened in a
// background tab (which paints nothing) starts at once.
((jsUrl, wasmUrl, onIntent) => {
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

  async function hydrateIsland(el, mod) {
    await yieldToMain();
    const islandFn = mod[el.dataset.component];
    if (!islandFn) {
      console.warn(`No wasm function for the island ${el.dataset.component}`);
      return;
    }
    const childrenCallback = childrenCallbacks[childrenCallbacks.length - 1];
    if (childrenCallback) childrenCallback();
    await islandFn(el);
  }

  async function traverse(node, mod) {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const tag = node.tagName.toLowerCase();
    if (tag === 'leptos-island') await hydrateIsland(node, mod);
    if (tag === 'leptos-children') childrenCallbacks.push(node.$$on_hydrate);
    for (const child of node.children) await traverse(child, mod);
    if (tag === 'leptos-children') childrenCallbacks.pop();
  }

  // A plain primary click on what an island will handle, made before the islands are
  // interactive: the latest one is played again afterwards (a visitor who clicked twice on a
  // slow page meant it once). Clicks with a modifier key still open links as the browser does.
  let heldClick = null;
  function holdClick(event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    // The element clicked, or its nearest HTML ancestor (an SVG icon has no `click()`).
    let target = event.target instanceof Element ? event.target : null;
    while (target && !(target instanceof HTMLElement)) target = target.parentElement;
    if (!target || !target.closest(HELD_CLICKS)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldClick = target;
    start();
  }

  function hydrated() {
    document.removeEventListener('click', holdClick, true);
    const target = heldClick;
    heldClick = null;
    if (target && target.isConnected) target.click();
  }

  let started = false;
  function start() {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) removeEventListener(type, start, true);
    // The module is fetched beside its glue, not after it.
    const wasm = fetch(wasmUrl);
    import(jsUrl)
      .then((mod) => mod.default({ module_or_path: wasm }).then(() => {
        mod.hydrate();
        return traverse(document.body, mod);
      }))
      .then(hydrated)
      .catch((error) => {
        hydrated();
        console.error(error);
      });
  }

  function afterPaint() {
    if (document.hidden) start();
    // The frame after the load event paints what loaded; the task after it starts the fetch.
    else requestAnimationFrame(() => setTimeout(start, 0));
  }

  const componentName = (island) => island.dataset.component.replace(/_\d+$/, '');
  const waitsForIntent =
    [...document.querySelectorAll('leptos-island')].every((island) => onIntent.includes(componentName(island))) &&
    [...document.querySelectorAll('mall-widget')].every((widget) => /^(event:|hover$)/.test(widget.dataset.load || ''));

  document.addEventListener('click', holdClick, true);
  if (waitsForIntent) {
    // Tells a script that reads the page (the first-load benchmark) that nothing more comes.
    window.__mallIslandsAwaitVisitor = true;
    for (const type of INTENT_EVENTS) addEventListener(type, start, { capture: true, passive: true });
  } else if (document.readyState === 'complete') afterPaint();
  else {
    addEventListener('load', afterPaint, { once: true });
    setTimeout(start, STARTS_ANYWAY_AFTER_MS);
  }
})
