import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

const require = createRequire(__filename);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type SlotId =
  'paywall/ArticleGate' | 'library/App' | 'library/FollowTopic' | 'library/ItemActions' | 'store/App' | 'store/MiniCart' | 'video/App' | 'visualLibrary/App';

export function slot(page: Page, id: SlotId) {
  return page.locator(`[data-mfe-slot="${id}"]`);
}

/** The header's cart link (the shell's, from the shared cart count; decision 021). */
export function cartLink(page: Page) {
  return page.locator('[data-cart-link]').getByRole('link', { name: /^Cart, / });
}

/** Waits for a remote slot to reach a state (never a sleep). */
export async function expectSlot(page: Page, id: SlotId, status: 'ready' | 'failed', timeout = 10_000) {
  await expect(slot(page, id)).toHaveAttribute('data-mfe-status', status, { timeout });
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** axe-core over the page as it is; fails on serious or critical violations. */
export async function expectAccessible(page: Page) {
  // Evaluated, not added as a <script>: the site's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking, `${page.url()}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}

type CspViolation = { page: string; directive: string; blocked: string; source: string };

/**
 * Every test fails on an uncaught page error or a Content-Security-Policy violation (the shell and
 * every remote load under the site's policy), and the page it ends on is checked with axe-core (so
 * fallback views of failure tests are checked too).
 */
export const test = base.extend<{ pageErrors: Error[] }>({
  pageErrors: [
    async ({ page, javaScriptEnabled }, use, testInfo) => {
      const errors: Error[] = [];
      const violations: CspViolation[] = [];
      page.on('pageerror', (e) => errors.push(e));
      await page.exposeBinding('__cspViolation', (_source, v: CspViolation) => void violations.push(v));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __cspViolation?: (v: unknown) => void }).__cspViolation;
          report?.({ page: location.pathname, directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile });
        });
      });
      await use(errors);
      expect(
        errors.map((e) => e.message),
        'uncaught errors on the page',
      ).toEqual([]);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      // axe runs in the page: not where a test turned its scripts off.
      if (testInfo.status === 'passed' && javaScriptEnabled && page.url().startsWith('http')) await expectAccessible(page);
    },
    { auto: true },
  ],
});
export { expect };

/** First article of the latest stream, first video of a playlist: real seeded content. */
export async function firstArticleUrl(page: Page): Promise<string> {
  const res = await page.request.get('/service/stream/latest?page=1&size=8');
  const body = (await res.json()) as { entry: { url: string }[] };
  const url = body.entry[0]?.url;
  if (!url) throw new Error('no article in the seed');
  return url;
}

export async function firstVideo(page: Page): Promise<{ id: string; slug: string; name: string; description: string }> {
  const res = await page.request.get('/api/playlists/what-to-watch-next');
  const body = (await res.json()) as { videos: { id: string; slug: string; name: string; description: string }[] };
  const v = body.videos[0];
  if (!v) throw new Error('no video in the seed');
  return v;
}

/**
 * What a <video> is doing, in words: 'ended', or where it stands (playing or paused, its time, how
 * much it has, its error). Polled until 'ended', a failure says why the clip did not get there.
 */
export function mediaState(video: Locator): Promise<string> {
  return video.evaluate((el: HTMLVideoElement) => {
    if (el.ended) return 'ended';
    const error = el.error ? `, error ${el.error.code} ${el.error.message}` : '';
    const time = `${el.currentTime.toFixed(2)} of ${el.duration.toFixed(2)} s`;
    return `${el.paused ? 'paused' : 'playing'} at ${time}, readyState ${el.readyState}, networkState ${el.networkState}${error}`;
  });
}

/**
 * A slow line for some files: every request of `url` waits until the returned function is called.
 * Nothing else waits, so a test sees what the page does meanwhile.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await late;
    await route.continue();
  });
  return release;
}

/**
 * For a slot the server rendered as an island hydrated on demand (`data-hydrate-on`, decision 043):
 * checks its server content is the page meanwhile (status ready, `content` shown), then reaches for it (a pointer
 * over it), which is when its remote is first asked for. Returns the page's clock (performance.now())
 * at that moment, or null when the slot is not an island (its remote was asked for at once).
 */
export async function reachIsland(page: Page, id: SlotId, content?: Locator): Promise<number | null> {
  const box = slot(page, id);
  if ((await box.getAttribute('data-hydrate-on')) === null) return null;
  await expect(box).toHaveAttribute('data-mfe-status', 'ready');
  if (content) await expect(content).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const at = await page.evaluate(() => performance.now());
  await box.hover();
  return at;
}

/**
 * Reaches for every island on the page (a pointer over each, decisions 038 and 043) and waits until
 * each is live: the page's hydration has then run everywhere, islands included.
 */
export async function hydrateIslands(page: Page): Promise<void> {
  const islands = page.locator('[data-hydrate-on]');
  for (let left = await islands.count(); left > 0; left = await islands.count()) {
    await islands.first().hover();
    await expect.poll(() => islands.count()).toBeLessThan(left);
  }
  await expect(page.locator('[data-hydrating]')).toHaveCount(0);
}

/**
 * Waits until boot.js has run: it asks for main.js (still there when a test holds main.js back), and
 * from then on the reader's clicks, choices and reaches are held for the app (decision 032). A click
 * before boot.js has arrived is the browser's own, on HTML without handlers: a test of held moves
 * makes its moves after this.
 */
export async function bootRan(page: Page): Promise<void> {
  await expect(page.locator('head script[src="/main.js"]')).toHaveCount(1);
}

/**
 * Waits until the page's scripts have taken over the server's HTML (`html[data-hydrated]`). Only
 * for what the HTML itself cannot do, such as a hover that preloads: clicks, typing and choices made
 * earlier are held and replayed by the shell (boot.js).
 */
export async function waitForLive(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/**
 * Waits until a page has settled, for a screenshot or an audit: hydrated, no remote slot loading or
 * hydrating, the shipped fonts in use and loaded, every image in the viewport loaded and decoded, and no finite
 * animation or transition running (an infinite one, a spinner, is left to `animations: 'disabled'`).
 * Never a sleep: each step waits on a state.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await waitForLive(page);
  await expect(page.locator('[data-mfe-status="loading"], [data-hydrating]')).toHaveCount(0, { timeout: 10_000 });
  // The shipped faces, which a first visit takes only after the page has loaded (decision 040).
  await expect(page.locator('html[data-fonts]')).toBeAttached();
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.waitForFunction(() => {
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
    };
    const images = [...document.images].filter(inView);
    const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    return document.fonts.status === 'loaded' && images.every((img) => img.complete) && running.length === 0;
  });
  await page.evaluate(async () => {
    const images = [...document.images].filter((img) => img.complete && img.naturalWidth > 0);
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  });
}
