/**
 * Discovery, end to end (decision 012): search from the header overlay, following a topic and its
 * count, the archive picker to an issue's table of contents, newsletters, and a stream that keeps
 * its loaded pages in the address across a reload.
 */
import { expect, expectSlot, slot, test } from '../fixtures';
import { registerAccount } from '../session';

type StreamAnswer = {
  entry: { title: string; url: string }[];
  page: { totalElements: number; totalPages: number };
};

test('search from the header overlay: suggestions after three characters lead to the article', async ({ page }) => {
  // A real seeded title, and a word of it long enough to suggest it.
  const latest = (await (await page.request.get('/service/stream/latest/0/8')).json()) as StreamAnswer;
  const target = latest.entry[0]!;
  const word = target.title.split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w))!;

  await page.goto('/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  const input = overlay.getByLabel('Search', { exact: true });
  await expect(input).toBeFocused();

  await input.fill(word.slice(0, 2));
  await expect(overlay.getByRole('list', { name: 'Suggested articles' })).toHaveCount(0);

  await input.fill(`${target.title.split(/\s+/).slice(0, 3).join(' ')}`);
  const suggestions = overlay.getByRole('list', { name: 'Suggested articles' });
  await expect(suggestions.getByRole('link').first()).toBeVisible();
  expect(await suggestions.getByRole('link').count()).toBeLessThanOrEqual(6);
  await suggestions
    .getByRole('link', { name: new RegExp(target.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();

  await expect(page).toHaveURL(new RegExp(`${target.url}$`));
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  await expect(overlay).toHaveCount(0);

  // Submitting the overlay goes to the search page, where the article is among the results.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('dialog', { name: 'Search' }).getByLabel('Search', { exact: true }).fill(word);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?term=${word}`));
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^\\d+ results for "${word}"$`) })).toBeVisible();
  await expect(page.locator('[data-stream="search"] .stream-entry').first()).toBeVisible();
});

test('a member follows a topic and the header counts its articles; unfollowing clears it', async ({ page }) => {
  await registerAccount(page.request, 'follow');
  const detail = (await (await page.request.get('/api/topic/leading-teams')).json()) as { articleCount: number };
  expect(detail.articleCount).toBeGreaterThan(0);

  await page.goto('/topic/leading-teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Leading teams' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Leadership and managing people' })).toBeVisible();
  await expectSlot(page, 'library/FollowTopic', 'ready');
  const toggle = slot(page, 'library/FollowTopic').getByRole('button', { name: 'Follow this' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  const following = slot(page, 'library/FollowTopic').getByRole('button', { name: 'Following' });
  await expect(following).toHaveAttribute('aria-pressed', 'true');

  // The header's user menu counts the unread articles of the followed topic.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByRole('link', { name: `Following, ${detail.articleCount} unread` })).toBeVisible();

  // It survives a reload: the follow is the server's.
  await page.reload();
  await expectSlot(page, 'library/FollowTopic', 'ready');
  await expect(slot(page, 'library/FollowTopic').getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');

  await slot(page, 'library/FollowTopic').getByRole('button', { name: 'Following' }).click();
  await expect(slot(page, 'library/FollowTopic').getByRole('button', { name: 'Follow this' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByRole('link', { name: 'Following, 0 unread' })).toBeVisible();
});

test('the archive picker walks from the magazine page to an issue table of contents', async ({ page }) => {
  await page.goto('/magazine');
  const picker = page.getByRole('form', { name: 'Archive picker' });
  const year = picker.getByLabel('YEAR');
  const month = picker.getByLabel('MONTH');
  // YEAR preselects the first (newest) year, MONTH its first issue.
  await expect(year).toHaveValue('2025');
  await expect(month).toHaveValue('January-February');
  await expect(month.locator('option')).toHaveText(['January-February', 'March-April', 'May-June']);

  // 2004: July and August are listed apart and both open the July issue.
  await year.selectOption('2004');
  await expect(month).toHaveValue('January');
  await month.selectOption('August');
  await picker.getByRole('button', { name: 'Go' }).click();

  await expect(page).toHaveURL(/\/archive-toc\/BR0407$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('2004');
  const card = page.locator('article.issue-card[data-issue-code="BR0407"]');
  await expect(card.getByRole('img')).toBeVisible();
  await expect(card.getByText('Featuring')).toBeVisible();
  const issue = (await (await page.request.get('/api/magazine/issue/BR0407')).json()) as { articles: { title: string }[] };
  expect(issue.articles.length).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: issue.articles[0]!.title }).first()).toBeVisible();
  // The picker on the issue page preselects that issue.
  await expect(page.getByRole('form', { name: 'Archive picker' }).getByLabel('YEAR')).toHaveValue('2004');
  await expect(page.getByRole('form', { name: 'Archive picker' }).getByLabel('MONTH')).toHaveValue('July');

  // Older years keep their four-digit codes: 1999 January-February is 3991.
  const archive = (await (await page.request.get('/api/magazine/archive')).json()) as {
    years: { yearId: string; issues: { issueMonth: string; issueURL: string }[] }[];
  };
  const y1999 = archive.years.find((y) => y.yearId === '1999')!;
  expect(y1999.issues[0]).toEqual({ issueMonth: 'January-February', issueURL: '/archive-toc/3991' });
});

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`${device}: the magazine page has one archive picker, and an issue never lists a title twice (April 2010)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/magazine');
    const picker = page.getByRole('form', { name: 'Archive picker' });
    await expect(picker).toBeVisible();
    await expect(page.getByRole('form', { name: 'Archive picker' })).toHaveCount(1);
    // Its two drop-downs are the page's only ones: the second picker, with other labels, is gone.
    await expect(page.locator('main#main').getByRole('combobox')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Find an issue' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`magazine-${device}.png`) });

    await picker.getByLabel('YEAR').selectOption('2010');
    await picker.getByLabel('MONTH').selectOption('April');
    await picker.getByRole('button', { name: 'Go' }).click();
    await expect(page).toHaveURL(/\/archive-toc\/BR1003$/);
    const issue = (await (await page.request.get('/api/magazine/issue/BR1003')).json()) as { articles: { title: string }[] };
    const titles = issue.articles.map((a) => a.title);
    expect(titles.length).toBeGreaterThanOrEqual(3);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) await expect(page.locator('main#main').getByRole('link', { name: title, exact: true }).first()).toBeVisible();
  });
}

test('a member subscribes to a newsletter and unsubscribes; a subscriber-only one is refused', async ({ page }) => {
  await registerAccount(page.request, 'news');
  const list = (await (await page.request.get('/api/newsletters')).json()) as { id: string; name: string; kind: string; subscriberOnly: boolean }[];
  const open = list.find((n) => n.kind === 'newsletter' && !n.subscriberOnly)!;
  const closed = list.find((n) => n.kind === 'newsletter' && n.subscriberOnly)!;

  await page.goto('/email-newsletters');
  await expectSlot(page, 'library/App', 'ready');
  const library = slot(page, 'library/App');
  const subscribe = library.getByRole('button', { name: `Subscribe to ${open.name}` });
  const unsubscribe = library.getByRole('button', { name: `Unsubscribe from ${open.name}` });
  await expect(subscribe).toBeEnabled();
  await expect(unsubscribe).toBeDisabled();

  await subscribe.click();
  await expect(library.getByRole('status')).toHaveText(`Subscribed to ${open.name}.`);
  await expect(subscribe).toBeDisabled();
  await expect(unsubscribe).toBeEnabled();

  await page.reload();
  await expectSlot(page, 'library/App', 'ready');
  await expect(slot(page, 'library/App').getByRole('button', { name: `Subscribe to ${open.name}` })).toBeDisabled();
  await slot(page, 'library/App')
    .getByRole('button', { name: `Unsubscribe from ${open.name}` })
    .click();
  await expect(slot(page, 'library/App').getByRole('button', { name: `Subscribe to ${open.name}` })).toBeEnabled();

  // A registered reader cannot take a subscriber-only newsletter: the server refuses and says why.
  await slot(page, 'library/App')
    .getByRole('button', { name: `Subscribe to ${closed.name}` })
    .click();
  await expect(slot(page, 'library/App').getByRole('alert')).toHaveText('This newsletter is available to subscribers only.');
  await expect(slot(page, 'library/App').getByRole('button', { name: `Subscribe to ${closed.name}` })).toBeEnabled();
});

test('a search stream autoloads two pages, then Load more; the address keeps the count across a reload', async ({ page }) => {
  const term = 'strategy';
  const first = (await (await page.request.get(`/service/stream/search/1/8?query=${term}`)).json()) as StreamAnswer;
  expect(first.page.totalPages).toBeGreaterThan(3);

  await page.goto(`/search?term=${term}`);
  const list = page.locator('[data-stream="search"]');
  await expect(list).toHaveAttribute('data-loaded-pages', '1');
  await list.locator('.stream-entry').nth(7).scrollIntoViewIfNeeded();
  await expect(list).toHaveAttribute('data-loaded-pages', '2');
  const loadMore = page.getByRole('link', { name: 'Load more' });
  await expect(loadMore).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2/);
  await loadMore.click();
  await expect(list).toHaveAttribute('data-loaded-pages', '3');
  await expect(list.locator('.stream-entry')).toHaveCount(24);
  await expect(page).toHaveURL(/[?&]page=3/);

  await page.reload();
  await expect(page.locator('[data-stream="search"]')).toHaveAttribute('data-loaded-pages', '3');
  await expect(page.locator('[data-stream="search"] .stream-entry')).toHaveCount(24);
  await expect(page.locator('[data-stream="search"] .stream-entry h3').first()).toHaveText(first.entry[0]!.title);
});
