// The chapters' demos, live in the book's pages.
//
// A page embeds a demo with
//
//   <div class="live-demo" data-chapter="ch01-pong-particles" data-demo="box">
//   <img src="img/ch01-box.png" alt="...">
//   </div>
//
// and this script (added to every page by book.toml's `additional-js`) replaces the picture with
// the running demo: demos.wasm, built from the `web` crate by `cargo xtask web`, is the chapters'
// own Rust code. It does what the window does (viewer/src/app.rs): feeds real time, the mouse and
// the keys to the demo's session and shows the frames it renders. Without WebAssembly, or opened
// from a file instead of a server, the picture stays.
(function () {
  "use strict";

  const WIDTH = 720;
  const HEIGHT = 540;
  // mdBook defines `path_to_root` on every page; book.toml's `additional-js` serves this script
  // from a hashed copy elsewhere, so the module is found from the book's root, not from here.
  const root = typeof path_to_root === "string" ? path_to_root : "";
  const wasmUrl = new URL(`${root}web/demos.wasm`, document.baseURI);

  // Every live demo on the page, for the browser test and for curious readers' consoles.
  const demos = (window.liveDemos = []);

  let compiled = null;
  function compile() {
    if (!compiled) {
      compiled = fetch(wasmUrl).then((response) => {
        if (!response.ok) {
          throw new Error(`${wasmUrl}: HTTP ${response.status}`);
        }
        const type = response.headers.get("Content-Type") || "";
        return WebAssembly.compileStreaming && type.startsWith("application/wasm")
          ? WebAssembly.compileStreaming(response)
          : response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
      });
    }
    return compiled;
  }

  function element(tag, attributes, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attributes || {})) {
      e.setAttribute(k, v);
    }
    if (text !== undefined) {
      e.textContent = text;
    }
    return e;
  }

  // The key codes the module understands (web/src/lib.rs, `control_for`): the window's keys.
  function keyCode(e) {
    if (e.key === "Tab") return 9;
    if (e.key === "ArrowRight") return ".".charCodeAt(0);
    if (e.key.length === 1) return e.key.toLowerCase().charCodeAt(0);
    return null;
  }

  async function start(host) {
    const instance = await WebAssembly.instantiate(await compile(), {});
    const x = instance.exports;
    const decoder = new TextDecoder();
    const text = (len) => decoder.decode(new Uint8Array(x.memory.buffer, x.text_ptr(), len));

    let chapter = -1;
    for (let i = 0; i < x.chapter_count(); i++) {
      if (text(x.chapter_package(i)) === host.dataset.chapter) chapter = i;
    }
    if (chapter < 0 || !x.open(chapter, WIDTH, HEIGHT)) {
      throw new Error(`demos.wasm has no demos for chapter \`${host.dataset.chapter}\``);
    }
    for (let i = 0; i < x.demo_count(); i++) {
      if (text(x.demo_name(i)) === host.dataset.demo) x.select_demo(i);
    }

    const canvas = element("canvas", {
      class: "live-canvas",
      width: WIDTH,
      height: HEIGHT,
      tabindex: "0",
      "aria-label": `${text(x.title())}: live demo. Drag with the mouse; click, then press H for the keys.`,
    });
    const picker = element("select", { class: "live-picker", "aria-label": "demo" });
    for (let i = 0; i < x.demo_count(); i++) {
      picker.append(element("option", { value: i }, `${i + 1}. ${text(x.demo_name(i))}`));
    }
    const bar = element("div", { class: "live-bar" });
    const buttons = {};
    for (const [key, label, title] of [
      [" ", "Pause", "Space"],
      [".", "Step", "Right arrow or ."],
      ["r", "Reset", "R"],
      ["-", "Slower", "-"],
      ["+", "Faster", "+"],
      ["h", "Keys", "H: the key help"],
    ]) {
      buttons[key] = element("button", { type: "button", title, "data-key": key }, label);
      bar.append(buttons[key]);
    }
    // The time step: the demo's own, or one the reader picks (Ten Minute Physics puts one in
    // every lesson): a larger step shows what a solver does when it is asked too much.
    const stepPicker = element("select", { class: "live-picker", "aria-label": "time step" });
    for (const [value, label] of [[0, "step: the demo's"], [1 / 30, "step 1/30 s"],
      [1 / 120, "step 1/120 s"], [1 / 240, "step 1/240 s"]]) {
      stepPicker.append(element("option", { value }, label));
    }
    stepPicker.addEventListener("change", () => {
      x.set_time_step(Number(stepPicker.value));
      canvas.focus({ preventScroll: true });
    });
    const full = element("button", { type: "button", title: "the demo on the whole screen (Esc leaves)" }, "Full screen");
    full.addEventListener("click", () => canvas.requestFullscreen && canvas.requestFullscreen());
    document.addEventListener("fullscreenchange", () => {
      const on = document.fullscreenElement === canvas;
      const [w, h] = on ? [screen.width, screen.height] : [WIDTH, HEIGHT];
      x.resize(w, h);
      canvas.width = x.width();
      canvas.height = x.height();
      canvas.focus({ preventScroll: true });
    });
    bar.append(stepPicker, full);
    bar.prepend(picker);
    const switches = element("div", { class: "live-switches" });
    // An earlier chapter's switches, still at work here, folded under this chapter's.
    const inherited = element("details", { class: "live-inherited" });
    const inheritedTitle = element("summary");
    const inheritedSwitches = element("div", { class: "live-switches" });
    inherited.append(inheritedTitle, inheritedSwitches);
    const about = element("div", { class: "live-about" });

    const picture = host.querySelector("img");
    if (picture) picture.hidden = true;
    host.append(canvas, bar, switches, inherited, about);
    host.classList.add("live-running");

    // The controls below the canvas show the module's state; refresh them after any input.
    function refresh() {
      const demo = x.demo_index();
      picker.value = String(demo);
      buttons[" "].textContent = x.paused() ? "Run" : "Pause";
      const line = text(x.demo_about(demo)).replace(/^./, (c) => c.toUpperCase());
      about.textContent =
        `${line}${/[.!?]$/.test(line) ? "" : "."} ` +
        "Click the demo to use its keys (H lists them).";
      const n = x.switch_count();
      const from = [];
      for (let i = 0; i < n; i++) from.push(x.switch_from(i));
      const own = from.filter((f) => f === 0).length;
      const fill = (box, count) => {
        while (box.children.length > count) box.lastChild.remove();
        while (box.children.length < count) {
          box.append(element("button", { type: "button", class: "live-switch" }));
        }
      };
      fill(switches, own);
      fill(inheritedSwitches, n - own);
      const chapters = [...new Set(from.filter((f) => f > 0))];
      inherited.hidden = chapters.length === 0;
      inheritedTitle.textContent = `Chapter ${chapters.join(" and ")}'s switches, still at work here (${n - own})`;
      let [ownAt, inheritedAt] = [0, 0];
      for (let i = 0; i < n; i++) {
        const b = from[i] === 0 ? switches.children[ownAt++] : inheritedSwitches.children[inheritedAt++];
        const key = String.fromCharCode(x.switch_key(i));
        const state = x.switch_state_of(i);
        b.dataset.key = key;
        b.textContent = `[${key.toUpperCase()}] ${text(x.switch_label(i))}`;
        b.title = state === -1 ? `${key.toUpperCase()}: next value, Shift+${key.toUpperCase()}: previous` : key.toUpperCase();
        b.classList.toggle("live-on", state === 1);
      }
    }

    function press(code, shift) {
      const used = x.key(code, shift ? 1 : 0);
      if (used) refresh();
      return used;
    }

    host.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-key]");
      if (b && host.contains(b)) press(b.dataset.key.charCodeAt(0), e.shiftKey);
    });
    picker.addEventListener("change", () => {
      x.select_demo(Number(picker.value));
      refresh();
      canvas.focus({ preventScroll: true });
    });
    // A demo the player steers (chapter 16's character) takes the arrow keys: their held state
    // goes to the module on every press and release (web/src/lib.rs, `Live::steer`), and Right
    // no longer steps (`.` still does).
    const ARROWS = { ArrowLeft: 1, ArrowRight: 2, ArrowUp: 4, ArrowDown: 8 };
    let held = 0;
    const hold = (bits) => {
      held = bits;
      x.steer(held);
      // Steering may change a switch (the character's autopilot turns off).
      refresh();
    };
    canvas.addEventListener("keyup", (e) => {
      if (ARROWS[e.key] && held & ARROWS[e.key]) {
        hold(held & ~ARROWS[e.key]);
        e.preventDefault();
      }
    });
    canvas.addEventListener("blur", () => held && hold(0));
    canvas.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "Escape") {
        canvas.blur();
        return;
      }
      if (ARROWS[e.key] && x.steers()) {
        if (!e.repeat) hold(held | ARROWS[e.key]);
        // Keep the arrows from scrolling the page or turning it (mdBook's Left and Right).
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      const code = keyCode(e);
      if (code !== null && press(code, e.shiftKey)) {
        // Keep the key from the page: no scrolling, no mdBook shortcuts while the demo has focus.
        e.preventDefault();
        e.stopPropagation();
      }
    });

    // The mouse: canvas pixels, whatever size the page shows the canvas at.
    const at = (e) => {
      const r = canvas.getBoundingClientRect();
      return [((e.clientX - r.left) * canvas.width) / r.width, ((e.clientY - r.top) * canvas.height) / r.height];
    };
    let dragging = false;
    let panning = false;
    canvas.addEventListener("pointerdown", (e) => {
      canvas.focus({ preventScroll: true });
      canvas.setPointerCapture(e.pointerId);
      if (e.button === 0) {
        x.mouse_press(...at(e));
        dragging = true;
      } else if (e.button === 2) {
        x.pan(...at(e), 1);
        panning = true;
      }
      e.preventDefault();
    });
    canvas.addEventListener("pointermove", (e) => {
      if (dragging) x.mouse_drag(...at(e));
      if (panning) x.pan(...at(e), 1);
    });
    const up = () => {
      if (dragging) x.mouse_release();
      if (panning) x.pan(0, 0, 0);
      dragging = panning = false;
    };
    canvas.addEventListener("pointerup", up);
    canvas.addEventListener("pointercancel", up);
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    canvas.addEventListener(
      "wheel",
      (e) => {
        // Zoom only once the reader has clicked the demo, so the wheel still scrolls the page.
        if (document.activeElement !== canvas) return;
        e.preventDefault();
        x.wheel(...at(e), -Math.sign(e.deltaY));
      },
      { passive: false },
    );

    // The loop: real time in, fixed steps and a frame out, only while the demo is on screen.
    const context = canvas.getContext("2d");
    const stats = { frames: 0, drawn: 0, busyMs: 0, maxBusyMs: 0, since: performance.now() };
    let visible = true;
    new IntersectionObserver((entries) => {
      visible = entries[entries.length - 1].isIntersecting;
    }).observe(canvas);
    let last = null;
    function tick(now) {
      requestAnimationFrame(tick);
      if (!visible) {
        last = null;
        return;
      }
      const seconds = last === null ? 0 : (now - last) / 1000;
      last = now;
      const t0 = performance.now();
      // The arrows held, again each frame as the window does: a reset or a new demo forgets them.
      if (held) x.steer(held);
      // The steps timed alone: steps that cost over half what they cover are taken one
      // a frame, and the demo slows down instead of stalling.
      if (x.advance(seconds) > 0) x.took((performance.now() - t0) / 1000);
      if (x.draw()) {
        const [w, h] = [x.width(), x.height()];
        const rgba = new Uint8ClampedArray(x.memory.buffer, x.pixels(), w * h * 4);
        context.putImageData(new ImageData(rgba, w, h), 0, 0);
        stats.drawn++;
      }
      const busy = performance.now() - t0;
      stats.frames++;
      stats.busyMs += busy;
      stats.maxBusyMs = Math.max(stats.maxBusyMs, busy);
    }

    refresh();
    requestAnimationFrame(tick);
    demos.push({ host, chapter: host.dataset.chapter, exports: x, canvas, stats, refresh });
    host.dataset.live = "running";
  }

  function fallBack(host, why) {
    host.dataset.live = "picture";
    host.append(element("div", { class: "live-about" }, `(The live demo does not run here: ${why}. The picture shows it.)`));
  }

  function startAll() {
    const hosts = document.querySelectorAll(".live-demo[data-chapter]");
    if (hosts.length === 0) return;
    const style = element("style");
    style.textContent = `
      .live-demo { margin: 1em 0; }
      .live-canvas { display: block; width: 100%; max-width: ${WIDTH}px; height: auto;
        aspect-ratio: ${WIDTH} / ${HEIGHT}; touch-action: none; cursor: grab; border-radius: 4px; }
      .live-canvas:focus { outline: 2px solid var(--links); }
      .live-bar, .live-switches { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
      .live-demo button, .live-demo select { font: inherit; font-size: 0.8em; padding: 2px 8px;
        color: var(--fg); background: var(--theme-popup-bg); border: 1px solid var(--theme-popup-border);
        border-radius: 4px; cursor: pointer; }
      .live-demo button.live-on { background: var(--theme-hover); border-color: var(--links); }
      .live-inherited { font-size: 0.85em; margin-top: 4px; }
      .live-inherited summary { cursor: pointer; opacity: 0.8; }
      .live-about { font-size: 0.85em; opacity: 0.8; margin-top: 4px; }`;
    document.head.append(style);
    for (const host of hosts) {
      if (typeof WebAssembly !== "object") {
        fallBack(host, "this browser has no WebAssembly");
      } else if (location.protocol === "file:") {
        fallBack(host, "the book was opened as a file; serve it over HTTP, e.g. `python3 -m http.server -d book/book` or `mdbook serve book`");
      } else {
        start(host).catch((error) => {
          console.warn("live demo:", error);
          fallBack(host, String(error.message || error));
        });
      }
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", startAll);
  } else {
    startAll();
  }
})();
