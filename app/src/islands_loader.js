// The islands' loader every page carries (see `shell::islands_loader`): fetches the browser's
// wasm and its glue once the page has loaded and painted, then hydrates every island, as
// Leptos's own islands script does.
//
// Content before code: the document, its styles and the images in view load first, and the
// page's largest file, the wasm module, takes the bandwidth after them instead of sharing it.
// On a slow link the page paints sooner, and its controls work at about the same time as
// before, because the same bytes arrive over the same link. A page that is still loading a
// slow picture after a few seconds starts anyway, and a page opened in a background tab
// (which paints nothing) starts at once.
((jsUrl, wasmUrl) => {
  const STARTS_ANYWAY_AFTER_MS = 3000;
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

  let started = false;
  function start() {
    if (started) return;
    started = true;
    // The module is fetched beside its glue, not after it.
    const wasm = fetch(wasmUrl);
    import(jsUrl)
      .then((mod) => mod.default({ module_or_path: wasm }).then(() => {
        mod.hydrate();
        return traverse(document.body, mod);
      }))
      .catch((error) => console.error(error));
  }

  function afterPaint() {
    if (document.hidden) start();
    // The frame after the load event paints what loaded; the task after it starts the fetch.
    else requestAnimationFrame(() => setTimeout(start, 0));
  }

  if (document.readyState === 'complete') afterPaint();
  else {
    addEventListener('load', afterPaint, { once: true });
    setTimeout(start, STARTS_ANYWAY_AFTER_MS);
  }
})
