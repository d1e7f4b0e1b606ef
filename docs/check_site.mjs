// Check the built documentation site in a real headless browser (Debian's chromium through playwright-core):
// every page reachable from the front page loads without console errors or failed requests, requests nothing outside
// the site (it is offline), shows every image (naturalWidth > 0), has no broken internal link (page, file or #anchor),
// and shows its math rendered by KaTeX: no raw TeX (\mathcal, \sum, \frac, \{ or $$) is left in its text outside
// code, no formula failed to parse (.katex-error), and the front page has at least one rendered formula (.katex).
// Paper pages (papers/*.html) are notebooks rendered with their outputs: every image an output shows carries the
// heading of the cell that made it (`data-cell-heading`, set at build time from the notebook), and the nearest heading
// above the image on the page must be that heading, so no figure sits under another section.
// Screenshots (OUT_DIR): front_page.png, front_page_math.png (scrolled to its first formula), paper_page.png, ledger.png.
// Usage: node docs/check_site.mjs BASE_URL OUT_DIR [SCREENSHOT_PAGE [START_PAGE [MAX_PAGES]]]   (run by docs/check_site.py)
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [base, outDir, paperPage = 'papers/05_traq.html', startPage = 'index.html', maxPages = '100000'] = process.argv.slice(2);
const profile = mkdtempSync(join(tmpdir(), 'docs-check-profile-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run'],
  viewport: { width: 1280, height: 900 },
});
const problems = [];
const origin = new URL(base).origin;
const strip = u => { const x = new URL(u); x.hash = ''; return x.href; };
const seen = new Set(), queue = [new URL(startPage, base).href], anchors = [];
const page = browser.pages()[0] || await browser.newPage();
let current = '';
page.on('console', m => { if (m.type() === 'error') problems.push(`${current}: console error: ${m.text()}`); });
page.on('pageerror', e => problems.push(`${current}: page error: ${e.message}`));
page.on('requestfailed', r => {   // requests cut short by moving to the next page are not failures
  if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`${current}: request failed: ${r.url()} (${r.failure()?.errorText})`);
});
page.on('request', r => {   // the site is offline: nothing may come from elsewhere (a CDN, web fonts)
  if (!r.url().startsWith(origin) && !/^(data|blob|about):/.test(r.url())) problems.push(`${current}: external request: ${r.url()}`);
});
page.on('response', r => { if (r.url().startsWith(origin) && r.status() >= 400) problems.push(`${current}: HTTP ${r.status()} for ${r.url()}`); });
let pages = 0, images = 0, formulas = 0, placed = 0;
const front = new URL('index.html', base).href;
while (queue.length && pages < Number(maxPages)) {
  const url = queue.shift();
  if (seen.has(url)) continue;
  seen.add(url); current = url.slice(origin.length);
  if (!/\.html?$|\/$/.test(new URL(url).pathname)) {   // a linked file: it must exist
    const r = await page.request.get(url);
    if (!r.ok()) problems.push(`broken link: ${url} (HTTP ${r.status()})`);
    continue;
  }
  const resp = await page.goto(url, { waitUntil: 'load' });
  if (!resp || !resp.ok()) { problems.push(`page ${url} did not load (HTTP ${resp?.status()})`); continue; }
  pages++;
  const info = await page.evaluate(async () => {
    const imgs = [...document.images];
    for (const i of imgs) { i.loading = 'eager'; i.scrollIntoView(); }
    await Promise.all(imgs.map(i => i.complete ? null : new Promise(r => { i.onload = i.onerror = r; setTimeout(r, 5000); })));
    return {
      bad: imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src')),
      n: imgs.length,
      links: [...document.querySelectorAll('a[href]')].map(a => a.href),
      // math left as TeX: text outside code, outside the examples' outputs (data shown as is) and outside KaTeX's
      // own hidden copy of each formula's source
      raw: (() => {
        const re = /\\mathcal|\\sum|\\frac|\\\{|\$\$/, out = [];
        const skip = 'pre, code, script, style, .nb-output, .katex, .katex-error';
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n; (n = walk.nextNode()) && out.length < 5;) {
          const m = re.exec(n.data);
          if (m && !n.parentElement.closest(skip)) out.push(n.data.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\s+/g, ' '));
        }
        return out;
      })(),
      math: document.querySelectorAll('.katex').length,
      // each output image marked with its cell's heading: the nearest heading above it on the page
      placed: [...document.querySelectorAll('img[data-cell-heading]')].map(img => {
        const heads = [...document.querySelectorAll('article h1, article h2, article h3, article h4, article h5, article h6')]
          .filter(h => h.compareDocumentPosition(img) & Node.DOCUMENT_POSITION_FOLLOWING);
        const h = heads[heads.length - 1];
        let text = '';
        if (h) { const c = h.cloneNode(true); c.querySelectorAll('.headerlink').forEach(a => a.remove()); text = c.textContent; }
        const norm = t => t.replace(/\s+/g, ' ').trim();
        return { src: img.getAttribute('src'), want: norm(img.dataset.cellHeading), got: norm(text) };
      }),
      mathErrors: [...document.querySelectorAll('.katex-error')].map(e => `${e.textContent.slice(0, 80)} (${e.title})`),
    };
  });
  images += info.n; formulas += info.math; placed += info.placed.length;
  for (const p of info.placed) if (p.want !== p.got) problems.push(`${current}: figure ${p.src} sits under "${p.got}", not under its cell's heading "${p.want}"`);
  for (const b of info.bad) problems.push(`${current}: image not displayed: ${b}`);
  for (const r of info.raw) problems.push(`${current}: math not rendered (raw TeX in the text): ...${r}...`);
  for (const e of info.mathErrors) problems.push(`${current}: KaTeX could not render: ${e}`);
  if (url === front && !info.math) problems.push(`${current}: the front page shows no rendered math (no .katex element)`);
  for (const l of info.links) {
    if (!l.startsWith(origin)) continue;
    const h = new URL(l);
    if (h.hash.length > 1) anchors.push([current, strip(l), decodeURIComponent(h.hash.slice(1))]);
    if (!seen.has(strip(l))) queue.push(strip(l));
  }
}
// anchors: the target page must have an element with that id
const ids = new Map();
for (const [from, target, id] of anchors) {
  if (!/\.html?$|\/$/.test(new URL(target).pathname)) continue;
  if (!ids.has(target)) {
    current = target.slice(origin.length);
    await page.goto(target, { waitUntil: 'domcontentloaded' });
    ids.set(target, new Set(await page.evaluate(() => [...document.querySelectorAll('[id]')].map(e => e.id))));
  }
  if (!ids.get(target).has(id)) problems.push(`${from}: broken anchor #${id} in ${target}`);
}
// the search: typing a word into the front page's search box lists results
current = 'search';
await page.goto(new URL('index.html', base).href, { waitUntil: 'load' });
await page.click('input.md-search__input');
await page.keyboard.type('threshold');
try { await page.waitForSelector('.md-search-result__item', { timeout: 15000 }); }
catch { problems.push('search: no result for "threshold"'); }
current = 'screenshots';
await page.goto(new URL('index.html', base).href, { waitUntil: 'load' });
await page.screenshot({ path: join(outDir, 'front_page.png') });
await page.evaluate(() => document.querySelector('.katex')?.closest('p, li, div.arithmatex')?.scrollIntoView());
await page.screenshot({ path: join(outDir, 'front_page_math.png') });   // the first formulas, rendered
await page.goto(new URL(paperPage, base).href, { waitUntil: 'load' });
await page.evaluate(() => document.querySelector('figure')?.scrollIntoView());
await page.screenshot({ path: join(outDir, 'paper_page.png') });
// the ledger: each paper's matrix fits the page's width (readable without zoom or a scroll bar)
await page.goto(new URL('claims.html', base).href, { waitUntil: 'load' });
const overflow = await page.evaluate(() => {
  const room = document.querySelector('article')?.clientWidth ?? 0;
  return [...document.querySelectorAll('article table.ledger')].map(t => t.scrollWidth).filter(w => w > room + 2).length;
});
if (overflow) problems.push(`claims.html: ${overflow} ledger matrices wider than the page`);
await page.screenshot({ path: join(outDir, 'ledger.png') });
await browser.close();
rmSync(profile, { recursive: true, force: true });
console.log(`checked ${pages} pages, ${images} images (${placed} output figures under their cells' headings), ${formulas} formulas, ${anchors.length} anchors; screenshots in ${outDir}`);
for (const p of problems) console.log('PROBLEM ' + p);
process.exit(problems.length ? 1 : 0);
