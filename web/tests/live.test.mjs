// The book's live demos in a real browser: Debian's chromium, headless, driven by playwright-core.
//
//   node live.test.mjs BOOK_DIR [SCREENSHOT_DIR]
//
// serves the built book (BOOK_DIR, from `mdbook build`) on 127.0.0.1 and, on every page that
// embeds a live demo, checks that the canvas draws (its pixels change between two frames), that a
// click-drag with the mouse changes how a body moves, that a key toggles a switch (the module's
// state, the switch button and the HUD all change), that the picker, the buttons and the keys
// work without the page stealing them (Right arrow does not turn the page, S does not open the
// search), that there is no console error, and that without WebAssembly the page keeps its
// picture. It prints the frame rate and the time per frame the demo takes (step + render + copy
// to the canvas).
import { chromium } from "playwright-core";
import { createServer } from "node:http";
import { readFile, readdir, mkdir } from "node:fs/promises";
import { join, extname, normalize } from "node:path";
import assert from "node:assert/strict";

const [bookDir, shotDir] = process.argv.slice(2);
if (!bookDir) {
  console.error("usage: node live.test.mjs BOOK_DIR [SCREENSHOT_DIR]");
  process.exit(2);
}

// A static server for the built book. WebAssembly.compileStreaming needs application/wasm.
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".json": "application/json",
};
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
  try {
    const body = await readFile(join(bookDir, path.endsWith("/") ? path + "index.html" : path));
    res.writeHead(200, { "Content-Type": TYPES[extname(path)] || "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end("not found");
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}`;

// The pages that embed a live demo.
const pages = [];
for (const name of (await readdir(bookDir)).sort()) {
  if (name.endsWith(".html") && name !== "print.html") {
    const html = await readFile(join(bookDir, name), "utf8");
    if (html.includes('class="live-demo"')) pages.push(name);
  }
}
assert.ok(pages.length > 0, `no page in ${bookDir} embeds a live demo`);
if (shotDir) await mkdir(shotDir, { recursive: true });

// Determinism across targets: the runs of determinism.txt, stepped by the book's WebAssembly
// module, end in the states `cargo test -p web` found natively (the same hashes).
{
  const wasm = await readFile(join(bookDir, "web", "demos.wasm"));
  const { instance } = await WebAssembly.instantiate(wasm, {});
  const here = new URL(".", import.meta.url).pathname;
  const lines = (await readFile(join(here, "determinism.txt"), "utf8")).split("\n");
  let checked = 0;
  for (const line of lines) {
    if (!line.trim() || line.startsWith("#")) continue;
    const [c, d, steps, hash, pkg, demo] = line.split(/\s+/);
    const got = BigInt.asUintN(64, instance.exports.state_hash(+c, +d, +steps));
    assert.equal(got.toString(16).padStart(16, "0"), hash, `${pkg} ${demo}: the web run differs from the native one`);
    checked++;
  }
  console.log(`determinism: ${checked} runs bit-identical to the native ones`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

// Inside the page: keep the first live demo's canvas pixels (`capture`), and later count the
// RGBA values that differ from them (`changed`). Comparing in the page keeps the 1.5 MB of
// pixels out of the test's messages.
const capture = () => {
  const c = window.liveDemos[0].canvas;
  window.__pixels = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  return new Set(new Uint32Array(window.__pixels.buffer)).size;
};
const changed = () => {
  const c = window.liveDemos[0].canvas;
  const now = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < now.length; i++) if (now[i] !== window.__pixels[i]) n++;
  return n;
};

let failures = 0;
const report = [];
for (const name of pages) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
  try {
    await page.goto(`${base}/${name}`);
    await page.waitForSelector(".live-demo[data-live]", { timeout: 20000 });
    const state = await page.locator(".live-demo").first().getAttribute("data-live");
    assert.equal(state, "running", `the live demo did not start: ${await page.locator(".live-demo").first().textContent()}`);
    const x = (fn, ...args) => page.evaluate(([fn, args]) => window.liveDemos[0].exports[fn](...args), [fn, args]);
    const canvas = page.locator(".live-canvas").first();
    const box = await canvas.boundingBox();
    const size = await page.evaluate(() => [window.liveDemos[0].canvas.width, window.liveDemos[0].canvas.height].map(Number));
    const toPage = (px, py) => [box.x + (px * box.width) / size[0], box.y + (py * box.height) / size[1]];
    assert.ok(!(await page.locator(".live-demo img").first().isVisible()), "the picture gives way to the demo");

    // 1. It draws: two frames apart in time differ.
    await page.waitForFunction(() => window.liveDemos[0].stats.drawn > 2);
    const colours = await page.evaluate(capture);
    assert.ok(colours > 3, `the canvas is blank (${colours} colours)`);
    await page.waitForTimeout(200);
    const moving = await page.evaluate(changed);
    assert.ok(moving > 100, `the canvas did not change between two frames (${moving} values)`);

    // 2. The frame rate, running (measured before the tests below pause the demo).
    await page.evaluate(() => Object.assign(window.liveDemos[0].stats, { frames: 0, drawn: 0, busyMs: 0, maxBusyMs: 0, since: performance.now() }));
    await page.waitForTimeout(3000);
    const s = await page.evaluate(() => ({ ...window.liveDemos[0].stats, now: performance.now() }));
    const fps = (s.frames * 1000) / (s.now - s.since);
    const ms = s.busyMs / Math.max(s.frames, 1);
    if (shotDir) await page.screenshot({ path: join(shotDir, name.replace(".html", ".png")) });

    // 3. Keys: Space pauses, R resets, '.' steps; the page keeps its Right arrow.
    await canvas.click({ position: { x: 5, y: box.height - 5 } });
    await page.keyboard.press("Space");
    assert.equal(await x("paused"), 1, "Space pauses");
    assert.equal(await page.locator('.live-bar button[data-key=" "]').textContent(), "Run");
    await page.keyboard.press("r");
    assert.equal(await x("steps"), 0, "R resets");
    const url = page.url();
    if ((await x("steers")) === 1) {
      // A demo the player steers (chapter 16's character) takes the arrows: Right walks,
      // '.' steps, and a held Left walks the character (its last body) left.
      await page.keyboard.press("ArrowRight");
      assert.equal(await x("steps"), 0, "Right goes to a demo that steers, not to the step");
      await page.keyboard.press(".");
      assert.equal(await x("steps"), 1, "'.' steps");
      await page.keyboard.press("r");
      // The character against the ground (body 0), on screen: the view follows it.
      const last = async () => {
        const n = await x("body_count");
        return (await x("body_x", n - 1)) - (await x("body_x", 0));
      };
      const from = await last();
      await page.keyboard.down("ArrowLeft");
      for (let i = 0; i < 30; i++) await page.keyboard.press(".");
      await page.keyboard.up("ArrowLeft");
      const to = await last();
      assert.ok(to < from - 5, `a held Left did not walk the character left (${from} to ${to} px)`);
      await page.keyboard.press("r");
    } else {
      await page.keyboard.press("ArrowRight");
      assert.equal(await x("steps"), 1, "Right steps");
    }
    assert.equal(page.url(), url, "Right arrow in the demo does not turn the page");
    await page.keyboard.press("s");
    const search = await page.evaluate(() => document.querySelector("#mdbook-search-wrapper")?.classList.contains("hidden") ?? true);
    assert.ok(search, "S in the demo does not open the book's search");
    await page.keyboard.press("Shift+S"); // S may be a switch: back to where it was
    await page.keyboard.press("r");
    if (shotDir) {
      await page.keyboard.press("h");
      await canvas.screenshot({ path: join(shotDir, name.replace(".html", "-help.png")) });
      await page.keyboard.press("h");
    }

    // 4. A click-drag changes how a body moves: the same steps with and without the drag.
    const bodies = () =>
      page.evaluate(() => {
        const x = window.liveDemos[0].exports;
        return Array.from({ length: x.body_count() }, (_, i) => [x.body_x(i), x.body_y(i), x.body_moves(i)]);
      });
    const start = await bodies();
    // A body that can move (not a wall or the ground), well inside the canvas.
    const grab = start.findIndex(([bx, by, moves]) => moves && bx > 30 && by > 30 && bx < size[0] - 30 && by < size[1] - 30);
    assert.ok(grab >= 0, "a body on screen to grab");
    const [gx, gy] = start[grab];
    const STEPS = 20;
    for (let i = 0; i < STEPS; i++) await page.keyboard.press(".");
    const free = await bodies();
    await page.keyboard.press("r");
    assert.deepEqual(await bodies(), start, "R brings back the start");
    await page.mouse.move(...toPage(gx, gy));
    await page.mouse.down();
    for (let i = 1; i <= STEPS; i++) {
      // Drag up and to the right, round the centre, so a chapter that turns the world turns it.
      await page.mouse.move(...toPage(gx + 4 * i, gy - 5 * i));
      await page.keyboard.press(".");
    }
    await page.mouse.up();
    const dragged = await bodies();
    // The grabbed body where the chapter grabs one; the bodies the walls push where the drag
    // turns the world (chapter 2).
    const shift = dragged.map(([dx, dy], i) => Math.hypot(dx - free[i][0], dy - free[i][1]) || 0);
    const moved = Math.max(...shift);
    const most = shift.indexOf(moved);
    assert.ok(moved > 1, `a click-drag did not change how any body moves (${moved.toFixed(2)} px)`);
    await page.keyboard.press("r");

    // 5. A key toggles a switch: the module's state and its button change. (The canvas's HUD
    // leaves the switches to the buttons, so the picture need not change.)
    const switches = await page.evaluate(() => {
      const x = window.liveDemos[0].exports;
      return Array.from({ length: x.switch_count() }, (_, i) => [String.fromCharCode(x.switch_key(i)), x.switch_state_of(i)]);
    });
    const toggle = switches.findIndex(([, state]) => state === 0 || state === 1);
    assert.ok(toggle >= 0, "the demo has an on/off switch");
    const [key, before] = switches[toggle];
    const label = () => page.locator(".live-switch").nth(toggle).textContent();
    const labelBefore = await label();
    await page.evaluate(capture);
    await canvas.focus();
    await page.keyboard.press(key);
    assert.equal(await x("switch_state_of", toggle), 1 - before, `key ${key} toggles switch ${toggle}`);
    assert.notEqual(await label(), labelBefore, "the switch button shows the new value");
    // The button does the same, and the page's own shortcuts stay quiet.
    await page.locator(".live-switch").nth(toggle).click();
    assert.equal(await x("switch_state_of", toggle), before, "the switch button toggles it back");

    // 6. The time step: the page's picker sets the step the module takes, and "the demo's"
    // gives the demo its own back.
    await page.locator('select[aria-label="time step"]').selectOption(String(1 / 120));
    assert.ok(Math.abs((await x("set_time_step", 1 / 120)) - 1 / 120) < 1e-7, "step 1/120 s");
    await page.locator('select[aria-label="time step"]').selectOption("0");
    const own = await x("set_time_step", 0);
    assert.ok(own > 0 && own <= 0.1, `the demo's own step (${own} s)`);

    // 6. The picker and the buttons.
    if ((await x("demo_count")) > 1) {
      await page.selectOption(".live-picker", "1");
      assert.equal(await x("demo_index"), 1, "the picker chooses a demo");
      await page.keyboard.press("Tab");
      assert.equal(await x("demo_index"), 2 % (await x("demo_count")), "Tab: the next demo");
    }
    await page.locator('.live-bar button[data-key="."]').click();
    assert.equal(await x("steps"), 1, "the Step button steps");
    await page.locator('.live-bar button[data-key=" "]').click();
    assert.equal(await x("paused"), 0, "the Run button runs");

    assert.deepEqual(errors, [], "console errors");

    // 7. Without WebAssembly the page keeps its picture.
    const old = await browser.newPage();
    await old.addInitScript(() => delete window.WebAssembly);
    await old.goto(`${base}/${name}`);
    await old.waitForSelector('.live-demo[data-live="picture"]');
    assert.ok(await old.locator(".live-demo img").first().isVisible(), "the picture without WebAssembly");
    assert.equal(await old.locator(".live-canvas").count(), 0);
    await old.close();

    const line = `${name}: ok; ${fps.toFixed(1)} frames/s, ${ms.toFixed(2)} ms per frame in the demo (max ${s.maxBusyMs.toFixed(1)}), ${s.drawn} of ${s.frames} frames drawn; a drag from body ${grab} moved body ${most} by ${moved.toFixed(0)} px; key ${key.toUpperCase()} toggled a switch`;
    report.push(line);
    console.log(line);
  } catch (e) {
    failures++;
    console.error(`${name}: FAILED: ${e.message}`);
    if (errors.length) console.error(`  console: ${errors.join("\n  console: ")}`);
  } finally {
    await page.close();
  }
}
// The print page holds every chapter, so every embed at once: each runs its own module.
{
  const page = await browser.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  try {
    await page.goto(`${base}/print.html`);
    const n = await page.locator(".live-demo").count();
    await page.waitForFunction((n) => document.querySelectorAll('.live-demo[data-live]').length === n, n, { timeout: 20000 });
    const running = await page.locator('.live-demo[data-live="running"]').count();
    assert.equal(running, n, "every embed on the print page runs");
    assert.deepEqual(errors, [], "console errors");
    console.log(`print.html: ok; ${n} live demos`);
  } catch (e) {
    failures++;
    console.error(`print.html: FAILED: ${e.message}`);
  }
  await page.close();
}
await browser.close();
server.close();
console.log(
  failures
    ? `${failures} of ${pages.length + 1} pages failed (the chapter pages and print.html)`
    : `all ${pages.length} pages with live demos and print.html pass`,
);
process.exit(failures ? 1 : 0);
