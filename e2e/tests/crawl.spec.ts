/**
 * The crawl (PLAT-16, "no dead ends"): from home, as a guest and as a subscriber, every same-site
 * link the reader can see (header and its menus, the sign-in dialog's screens, footer, cards, page
 * bodies) is followed breadth first, and every page reached must answer its document with a status
 * under 400, show no 'not found' page (any h1 '... not found'), no failed remote slot
 * (`[data-mfe-status="failed"]`) and log no console error.
 *
 * Bounded: addresses are grouped by pattern (one article, one video, one product, one topic... with
 * its query's keys) and at most PER_PATTERN of each are visited, so each role's crawl stays around a
 * minute. Every problem is collected with where its link was found, and the test fails listing all.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForLive } from '../fixtures';
import { signIn } from '../session';

const SUBSCRIBER = { email: 'subscriber@example.com', password: 'Reader#2025pass' };

/** What the crawl types into the header's search: a word of video names and article titles alike. */
const SEARCH_WORD = 'explained';
/** Pages of one pattern visited (the first ones found, breadth first). */
const PER_PATTERN = 2;
/** A bound on pages per role, should the site grow a pattern the list below does not know. */
const MAX_PAGES = 90;

/** Dynamic routes (docs/contracts.md's routes table): each address of one is the same page with other data. */
const PATTERNS: [RegExp, string][] = [
  [/^\/\d{4}\/\d{2}\/[^/]+$/, 'article'],
  [/^\/video\/embed\/[^/]+\/[^/]+$/, 'video-embed'],
  [/^\/video\/[^/]+\/[^/]+$/, 'video'],
  [/^\/product\/.+$/, 'product'],
  [/^\/topic\/subject\/[^/]+$/, 'topic-subject'],
  [/^\/topic\/[^/]+$/, 'topic'],
  [/^\/archive-toc\/[^/]+$/, 'issue'],
  [/^\/order\/[^/]+$/, 'order'],
  [/^\/store\/[^/]+\/.+$/, 'store-deep'],
  [/^\/my-library\/[^/]+\/.+$/, 'library-deep'],
  [/^\/visual-library\/.+$/, 'visual-library-deep'],
];

/**
 * Links not followed, each with its reason. Files and API answers are not pages; the others sign
 * out or change what the account holds (the crawl must not change the state it then checks).
 */
const SKIPPED: [RegExp, string][] = [
  [/^\/logout\b/, 'signs out'],
  [/^\/(?:api|service|media|data-visuals|dev|authenticate)\//, 'an API answer or a file, not a page'],
  [/[?&]voucher_code=/, 'applies a voucher to the cart'],
  [/^\/verify-email\?token=/, 'uses up a one-time token'],
];

interface Found {
  url: string;
  from: string;
  text: string;
}

/** The address a link leads to inside the site (path and query, no fragment), or null. */
function siteAddress(href: string, base: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== origin || !/^https?:$/.test(url.protocol)) return null;
  return url.pathname + url.search;
}

function patternOf(address: string): string {
  const url = new URL(address, 'http://x');
  const keys = [...new Set(url.searchParams.keys())].sort().join('&');
  const path = PATTERNS.find(([re]) => re.test(url.pathname))?.[1] ?? url.pathname;
  return keys ? `${path}?${keys}` : path;
}

/** Every link of the page, with its text. */
async function linksOf(page: Page, scope = 'body'): Promise<{ href: string; text: string }[]> {
  return page.locator(scope).evaluateAll((roots) =>
    roots.flatMap((root) =>
      [...root.querySelectorAll('a[href]')].map((a) => ({
        href: a.getAttribute('href') ?? '',
        text: ((a as HTMLElement).innerText || a.getAttribute('aria-label') || '').trim().slice(0, 60),
      })),
    ),
  );
}

/** Links that only show once something opens: the header's menus and, for a guest, each screen of the sign-in dialog. */
async function openedLinks(page: Page, role: 'guest' | 'subscriber'): Promise<{ href: string; text: string; where: string }[]> {
  const found: { href: string; text: string; where: string }[] = [];
  const header = page.locator('header.site-header');
  // Menu buttons of the header (the account menu, the cart menu; the phone's Menu button shows only on a phone): open, read, close.
  const menuButtons = header.locator('button[aria-expanded]:not(.search-button):visible');
  for (let i = 0; i < (await menuButtons.count()); i++) {
    const button = menuButtons.nth(i);
    const name = ((await button.getAttribute('aria-label')) || (await button.innerText())).trim();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // A menu whose items come from a remote (the mini cart) settles first.
    await expect(page.locator('[data-mfe-status="loading"]')).toHaveCount(0, { timeout: 10_000 });
    for (const l of await linksOf(page, 'header.site-header')) found.push({ ...l, where: `header menu '${name}'` });
    // Closed by its own button (a toggle), whatever holds the focus.
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  }
  // The search overlay: its suggestions for a word, and the results page its form leads to.
  await header.getByRole('button', { name: 'Search', exact: true }).click();
  const overlay = page.locator('.search-overlay');
  await overlay.getByRole('searchbox', { name: 'Search' }).fill(SEARCH_WORD);
  await expect(overlay.getByRole('list', { name: 'Suggested articles' }).getByRole('link').first()).toBeVisible();
  for (const l of await linksOf(page, '.search-overlay')) found.push({ ...l, where: `search overlay '${SEARCH_WORD}'` });
  found.push({ href: `/search?term=${SEARCH_WORD}`, text: SEARCH_WORD, where: 'search overlay (submitted)' });
  await overlay.getByRole('button', { name: 'Close search' }).click();
  await expect(overlay).toHaveCount(0);
  if (role === 'guest') {
    // The sign-in dialog and the screens its buttons lead to ('Forgot password', 'Create account').
    const open = async () => {
      await header.getByRole('button', { name: 'Sign in' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
      return dialog;
    };
    let dialog = await open();
    for (const l of await linksOf(page, '[role="dialog"]')) found.push({ ...l, where: 'sign-in dialog' });
    const screens = await dialog.locator('button.button-link').allInnerTexts();
    await dialog.getByRole('button', { name: 'Close' }).click();
    for (const screen of screens.map((s) => s.trim()).filter(Boolean)) {
      dialog = await open();
      await dialog.getByRole('button', { name: screen, exact: true }).first().click();
      for (const l of await linksOf(page, '[role="dialog"]')) found.push({ ...l, where: `sign-in dialog, '${screen}' screen` });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    }
  }
  return found;
}

for (const role of ['guest', 'subscriber'] as const) {
  test(`every link from home leads to a working page (${role})`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const origin = new URL(baseURL ?? '').origin;
    if (role === 'subscriber') await signIn(page, SUBSCRIBER);

    const problems: string[] = [];
    let current: Found = { url: '/', from: '(start)', text: '' };
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${current.url} (linked from ${current.from} '${current.text}'): console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${current.url} (linked from ${current.from} '${current.text}'): uncaught ${error.message}`));
    page.on('response', (response) => {
      const request = response.request();
      // Documents only (the page and its frames): an API call's 4xx is the page's business.
      if (request.resourceType() === 'document' && response.status() >= 400) {
        problems.push(`${current.url} (linked from ${current.from} '${current.text}'): ${response.status()} for document ${response.url()}`);
      }
    });

    const queue: Found[] = [current];
    const seen = new Set<string>(['/']);
    const perPattern = new Map<string, number>([[patternOf('/'), 1]]);
    const enqueue = (href: string, from: string, text: string, base: string) => {
      const address = siteAddress(href, base, origin);
      if (address === null || seen.has(address)) return;
      seen.add(address);
      if (SKIPPED.some(([re]) => re.test(address))) return;
      const pattern = patternOf(address);
      const count = perPattern.get(pattern) ?? 0;
      if (count >= PER_PATTERN) return;
      perPattern.set(pattern, count + 1);
      queue.push({ url: address, from, text });
    };

    let visited = 0;
    const trail: string[] = [];
    while (queue.length > 0 && visited < MAX_PAGES) {
      current = queue.shift()!;
      visited += 1;
      trail.push(current.url);
      const where = `${current.url} (linked from ${current.from} '${current.text}')`;
      const response = await page.goto(current.url, { waitUntil: 'domcontentloaded' });
      if (!response) {
        problems.push(`${where}: no answer`);
        continue;
      }
      // The embed page is the player alone, for an iframe: no shell around it to hydrate.
      if (!current.url.startsWith('/video/embed/')) await waitForLive(page);
      await expect(page.locator('[data-mfe-status="loading"], [data-hydrating]')).toHaveCount(0, { timeout: 10_000 });
      const notFound = await page
        .locator('h1')
        .filter({ hasText: /not found/i })
        .allInnerTexts();
      if (notFound.length > 0) problems.push(`${where}: '${notFound.join("', '")}'`);
      const failed = await page.locator('[data-mfe-status="failed"]').evaluateAll((slots) => slots.map((s) => s.getAttribute('data-mfe-slot')));
      if (failed.length > 0) problems.push(`${where}: failed slot ${failed.join(', ')}`);

      const base = page.url();
      for (const link of await linksOf(page)) enqueue(link.href, current.url, link.text, base);
      if (visited === 1) {
        for (const link of await openedLinks(page, role)) enqueue(link.href, `/ (${link.where})`, link.text, base);
      }
    }

    await test.info().attach(`${role} crawl`, { body: trail.join('\n'), contentType: 'text/plain' });
    if (process.env.CRAWL_LOG) console.log(`${role}: ${trail.length} pages, ${queue.length} left\n${trail.join('\n')}`);
    // What was covered, for the report (patterns and pages).
    test.info().annotations.push({ type: 'crawl', description: `${role}: ${visited} pages, ${perPattern.size} patterns, ${queue.length} left` });
    expect(visited, 'the crawl reached the site beyond home').toBeGreaterThan(20);
    expect(problems, `${role} crawl`).toEqual([]);
  });
}
