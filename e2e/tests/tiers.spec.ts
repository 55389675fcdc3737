/**
 * Tiers mean something (PAY-06.3): one journey per gate. A tier without the grant meets the tier
 * wall on the article, one with it reads; the collections' pages say who reads them; the
 * subscriptions page lists what each tier includes.
 */
import type { Browser, Page } from '@playwright/test';
import { migrateToLatest } from '../../dev-server/src/db/migrations';
import { openSqlite } from '../../dev-server/src/db/sqlite';
import { seedDatabase } from '../../dev-server/src/seed';
import { expect, expectSlot, slot, test } from '../fixtures';
import { signIn } from '../session';

const PASSWORD = 'Reader#2025pass';
const GOOD = { email: 'good@example.com', password: PASSWORD };
const BETTER = { email: 'better@example.com', password: PASSWORD };
const BEST = { email: 'subscriber@example.com', password: PASSWORD };
const EXECUTIVE = { email: 'executive@example.com', password: PASSWORD };

function gate(page: Page) {
  return slot(page, 'paywall/ArticleGate').locator('[data-gate-state]');
}

/** A page of a fresh context signed in as `who`. */
async function pageAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

/** The first entry of a collection page, opened by its link; returns the article's address. */
async function openFirstEntry(page: Page, path: string, list: string): Promise<string> {
  await page.goto(path);
  const first = page.getByRole('list', { name: list }).getByRole('heading', { level: 3 }).first().getByRole('link');
  const href = await first.getAttribute('href');
  if (!href) throw new Error('no entry link');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  return href;
}

async function expectTierWall(page: Page, title: string, subDek: string) {
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate(page)).toHaveAttribute('data-gate-state', 'subscriber-panel');
  const gateSlot = slot(page, 'paywall/ArticleGate');
  await expect(gateSlot.getByRole('heading', { name: title })).toBeVisible();
  await expect(gateSlot.getByText(subDek)).toBeVisible();
  await expect(gateSlot.locator('.article-gated p')).toHaveCount(0);
  await expect(gateSlot.getByRole('link', { name: 'Compare subscriptions' })).toHaveAttribute('href', '/subscriptions?ab=tier-wall');
}

async function expectReads(page: Page) {
  await expectSlot(page, 'paywall/ArticleGate', 'ready');
  await expect(gate(page)).toHaveAttribute('data-gate-state', 'full-content');
  await expect(slot(page, 'paywall/ArticleGate').locator('.article-gated p').first()).toBeVisible();
}

test('Case Selections: a Good subscriber meets the tier wall and compares subscriptions; an Executive reads the case in full', async ({ page, browser }) => {
  await signIn(page, GOOD);
  const url = await openFirstEntry(page, '/case-selections', 'Case studies');
  await expectTierWall(page, 'This case study is part of Case Selections', 'Your Good subscription does not include it.');
  await expect(slot(page, 'paywall/ArticleGate').getByText('Read it in full with an Executive or All Access subscription.')).toBeVisible();

  // The wall's link leads to the tiers, each with what it includes.
  await slot(page, 'paywall/ArticleGate').getByRole('link', { name: 'Compare subscriptions' }).click();
  await expect(page).toHaveURL(/\/subscriptions\?ab=tier-wall$/);
  await expectSlot(page, 'store/App', 'ready');
  await expect(page.getByRole('list', { name: 'Executive includes' })).toContainText('Case Selections: every case study in full');
  await expect(page.getByRole('list', { name: 'Good includes' })).not.toContainText('Case Selections');

  const executive = await pageAs(browser, EXECUTIVE);
  await executive.goto('/case-selections');
  await expect(executive.getByRole('heading', { level: 1, name: 'Case Selections' })).toBeVisible();
  await expect(executive.getByText('Your Executive subscription includes every one of these case studies in full.')).toBeVisible();
  await executive.goto(url);
  await expectReads(executive);
  await executive.context().close();
});

test('The Top 50 Articles: a Good subscriber is walled; a Better subscriber reads', async ({ page, browser }) => {
  await signIn(page, GOOD);
  await page.goto('/top-50-articles');
  await expect(page.getByRole('heading', { level: 1, name: 'The Top 50 Articles' })).toBeVisible();
  await expect(page.getByText('Included with the Better, Best, Executive and All Access subscriptions.')).toBeVisible();
  await expect(page.getByText(/^Your Good subscription shows you the summaries/)).toBeVisible();
  const url = await openFirstEntry(page, '/top-50-articles', 'The Top 50 Articles');
  await expectTierWall(page, 'This article is one of The Top 50 Articles', 'Your Good subscription does not include it.');

  const better = await pageAs(browser, BETTER);
  await better.goto(url);
  await expectReads(better);
  await better.context().close();
});

test.describe('Executive only', () => {
  let executiveOnlyUrl = '';
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The site's seed is deterministic: the same database, built here, names the executive-only articles.
    const db = openSqlite(':memory:');
    await migrateToLatest(db);
    await seedDatabase(db);
    const row = await db
      .selectFrom('collection_items')
      .innerJoin('articles', 'articles.id', 'collection_items.article_id')
      .select(['year', 'month', 'slug'])
      .where('collection', '=', 'executive-only')
      .orderBy('position')
      .executeTakeFirstOrThrow();
    await db.destroy();
    executiveOnlyUrl = `/${row.year}/${String(row.month).padStart(2, '0')}/${row.slug}`;
  });

  test('a Best subscriber is walled from an executive-only article; an Executive reads it', async ({ page, browser }) => {
    await signIn(page, BEST);
    await page.goto(executiveOnlyUrl);
    await expectTierWall(page, 'This article is for Executive subscribers', 'Your Best subscription does not include it.');

    const executive = await pageAs(browser, EXECUTIVE);
    await executive.goto(executiveOnlyUrl);
    await expectReads(executive);
    await executive.context().close();
  });
});
