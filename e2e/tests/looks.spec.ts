/**
 * The look of the site (decision 035): the pages a reader sees most, at a phone's, a tablet's and a
 * desktop's width, compared with the committed baselines in e2e/looks/ (`{page}-{width}.png`), and
 * audited with axe-core in light and dark mode. One test per width and colour scheme, each in its
 * own browser context, visiting the pages in sequence as one guest who then registers; screenshots
 * in light mode only. The baselines hold for Debian's Chromium and the fonts the site serves
 * itself; after a deliberate change of look, regenerate them with `--update-snapshots` (e2e/README.md).
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { cartLink, expect, expectSlot, slot, test, waitForSettled, type SlotId } from '../fixtures';
import { registerAccount } from '../session';

const CSRF = { 'X-Requested-With': 'magazine-site' };

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The article a guest reads (seeded, metered), and the help boxes' keys (shell/src/helpboxes). */
const ARTICLE = '/2025/06/the-unexpected-power-of-slowing-down';
const HELP_BOXES = ['sign-in-benefits', 'article-saves', 'firmographics', 'my-library', 'insider-newsletter', 'subscriber-search'];
/** The guest's free articles a month (dev-server DEFAULT_QUOTA_LIMIT). */
const GUEST_QUOTA = 4;
/** Every WCAG 2.x A and AA rule and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type ArticleInfo = { id: string; url: string; free: boolean; ascend: boolean };
type ProductInfo = { productUrl: string; availabilityId: string; type: string; availabilityStatus: string };

/** Metered articles (neither free nor ascend) of the latest stream, newest first, the guest's article left out. */
async function meteredArticles(request: APIRequestContext, count: number): Promise<ArticleInfo[]> {
  const found: ArticleInfo[] = [];
  for (let n = 1; found.length < count && n < 10; n++) {
    const stream = (await (await request.get(`/service/stream/latest?page=${n}&size=8`)).json()) as { entry: { url: string }[] };
    for (const entry of stream.entry) {
      if (entry.url === ARTICLE) continue;
      const a = (await (await request.get(`/api/article${entry.url}`)).json()) as ArticleInfo & { year: number; month: number; slug: string };
      if (!a.free && !a.ascend) found.push({ ...a, url: entry.url });
      if (found.length === count) break;
    }
  }
  if (found.length < count) throw new Error('not enough metered articles in the seed');
  return found;
}

/** Spends the guest's meter through the article content call, as reading those articles would. */
async function spendMeter(request: APIRequestContext, articles: readonly ArticleInfo[]): Promise<void> {
  for (const a of articles) {
    const [, year, month, slug] = a.url.split('/');
    const q = new URLSearchParams({ year: year!, month: month!, seotitle: slug! });
    const res = await request.post(`/api/article/piano/content?${q.toString()}`, { headers: CSRF, data: {} });
    if (!res.ok()) throw new Error(`content call: ${res.status()} ${await res.text()}`);
  }
}

async function shippedBook(request: APIRequestContext): Promise<ProductInfo> {
  const list = (await (await request.get('/api/store/products?category=books')).json()) as { products: ProductInfo[] };
  const found = list.products.find((p) => p.type === 'ship' && p.availabilityStatus === 'AVAILABLE');
  if (!found) throw new Error('no available shipped book in the seed');
  return found;
}

async function firstVideoPath(request: APIRequestContext): Promise<string> {
  const body = (await (await request.get('/api/playlists/what-to-watch-next')).json()) as { videos: { id: string; slug: string }[] };
  const v = body.videos[0];
  if (!v) throw new Error('no video in the seed');
  return `/video/${v.id}/${v.slug}`;
}

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

/** One line per violation and element: what a fix needs (rule, impact, where, what). */
function describe(violations: readonly Violation[]): string {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact ?? 'n/a'}] ${JSON.stringify(n.target)}: ${v.help}`)).join('\n');
}

interface Stop {
  /** The baseline's name (`{name}-{width}.png`); no screenshot when null. */
  name: string | null;
  /** What changes from run to run, covered in the screenshot. */
  mask?: (page: Page) => Locator[];
  /** Brings the page up: navigates and waits for what the page is about. */
  open(page: Page): Promise<void>;
}

async function visit(page: Page, path: string, slots: readonly SlotId[] = []) {
  await page.goto(path);
  for (const id of slots) await expectSlot(page, id, 'ready');
}

for (const scheme of SCHEMES) {
  for (const viewport of WIDTHS) {
    test.describe(`${scheme} mode at ${viewport.width} px`, () => {
      test.use({ viewport, colorScheme: scheme, reducedMotion: 'reduce' });

      test(`the pages look right and pass axe (${scheme}, ${viewport.width} px)`, async ({ page }) => {
        test.setTimeout(120_000);
        // Help boxes show once per browser, when their code has arrived: marked as shown, so no
        // screenshot depends on when that was.
        await page.addInitScript((types) => {
          for (const type of types) localStorage.setItem(`tmr:help:${type}`, '2025-06-01T00:00:00.000Z');
        }, HELP_BOXES);

        const request = page.request;
        const metered = await meteredArticles(request, GUEST_QUOTA + 1);
        const book = await shippedBook(request);
        const video = await firstVideoPath(request);

        const stops: Stop[] = [
          { name: 'home', open: (p) => visit(p, '/') },
          {
            name: 'article',
            open: async (p) => {
              await visit(p, ARTICLE, ['paywall/ArticleGate']);
              await expect(slot(p, 'paywall/ArticleGate').locator('[data-gate-state]')).toHaveAttribute('data-gate-state', 'full-content');
            },
          },
          { name: 'store', open: (p) => visit(p, '/store', ['store/App']) },
          { name: 'product', open: (p) => visit(p, book.productUrl, ['store/App']) },
          {
            name: 'cart',
            open: async (p) => {
              const add = await p.request.post('/api/shopping-cart', {
                headers: CSRF,
                data: { items: [{ availabilityId: book.availabilityId, quantity: 1 }] },
              });
              expect(add.status()).toBe(200);
              await visit(p, '/shopping-cart', ['store/App']);
              await expect(cartLink(p)).toHaveAccessibleName('Cart, 1 item');
            },
          },
          { name: 'video', open: (p) => visit(p, video, ['video/App']) },
          { name: 'visual-library', open: (p) => visit(p, '/visual-library', ['visualLibrary/App']) },
          { name: 'magazine', open: (p) => visit(p, '/magazine') },
          {
            name: 'article-walled',
            open: async (p) => {
              // Last of the guest's pages: the article and the video have spent part of the meter,
              // the API spends the rest, so the next metered article is walled.
              await spendMeter(p.request, metered.slice(0, GUEST_QUOTA));
              await visit(p, metered[GUEST_QUOTA]!.url, ['paywall/ArticleGate']);
              await expect(slot(p, 'paywall/ArticleGate').locator('[data-gate-state]')).toHaveAttribute('data-gate-state', 'registration-wall');
            },
          },
          // A guest's My Library (axe only), then a new member's, with the article saved.
          { name: null, open: (p) => visit(p, '/my-library', ['library/App']) },
          {
            name: 'my-library',
            // The day the item was saved (today).
            mask: (p) => [slot(p, 'library/App').locator('time')],
            open: async (p) => {
              await registerAccount(p.request, 'looks');
              const article = (await (await p.request.get(`/api/article${ARTICLE}`)).json()) as { id: string };
              const save = await p.request.post('/service/user/saves', { headers: CSRF, data: { id: article.id } });
              expect(save.status()).toBeLessThan(300);
              await visit(p, '/my-library', ['library/App']);
            },
          },
        ];

        for (const stop of stops) {
          await test.step(stop.name ?? 'my-library (guest)', async () => {
            await stop.open(page);
            await waitForSettled(page);
            if (stop.name && scheme === 'light') {
              await expect.soft(page).toHaveScreenshot(`${stop.name}-${viewport.width}.png`, {
                fullPage: false,
                maxDiffPixelRatio: 0.01,
                animations: 'disabled',
                caret: 'hide',
                mask: stop.mask?.(page) ?? [],
              });
            }
            const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
            expect.soft(describe(violations), `axe on ${page.url()} (${scheme}, ${viewport.width} px)`).toBe('');
          });
        }
      });
    });
  }
}
