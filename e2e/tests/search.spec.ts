/**
 * Videos in the site's search (SITE-02.2): a video is found by its name, its result shows its poster
 * and length and leads to its page, and the content-type filter narrows the results to videos.
 */
import { expect, expectSlot, slot, test, waitForLive } from '../fixtures';

interface PlaylistAnswer {
  videos: { id: string; slug: string; name: string; duration: number }[];
}

test('a video is found by its name: poster and length, the Video filter, then its page', async ({ page }) => {
  const playlist = (await (await page.request.get('/api/playlists/what-to-watch-next')).json()) as PlaylistAnswer;
  const video = playlist.videos[0]!;
  await page.goto(`/search?term=${encodeURIComponent(video.name)}`);
  await waitForLive(page);

  const results = page.getByRole('list', { name: 'Search results' });
  const card = results.locator(`[data-entry-id="${video.id}"]`);
  const title = card.getByRole('link', { name: video.name });
  await expect(title).toHaveAttribute('href', `/video/${video.id}/${video.slug}`);
  await expect(card).toContainText('Video');
  // The poster is there and drawn (a broken image has no natural width).
  const poster = card.locator('img');
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Its length, h:mm:ss.
  const s = Math.floor(video.duration);
  const length = `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  await expect(card.locator('.video-result-duration time')).toHaveText(length);

  // The content-type filter: videos only.
  const contentType = page.getByLabel('Content type');
  const videoOption = (await contentType.locator('option').allInnerTexts()).find((t) => /^Video \(\d+\)$/.test(t));
  expect(videoOption, 'a Video choice in the content-type filter').toBeDefined();
  const count = Number(/\((\d+)\)/.exec(videoOption!)![1]);
  await contentType.selectOption({ label: videoOption! });
  await expect(page).toHaveURL(/[?&]contentType=Video(&|$)/);
  await expect(page.getByRole('heading', { level: 2, name: `${count} results for "${video.name}"` })).toBeVisible();
  await expect(results.locator('.stream-entry')).toHaveCount(Math.min(count, 8));
  await expect(results.locator('.stream-entry:not(.stream-entry--video)')).toHaveCount(0);

  // The result leads to the video's page.
  await results.locator(`[data-entry-id="${video.id}"]`).getByRole('link', { name: video.name }).click();
  await expect(page).toHaveURL(`/video/${video.id}/${video.slug}`);
  await expectSlot(page, 'video/App', 'ready');
  await expect(slot(page, 'video/App').getByRole('heading', { level: 1, name: video.name })).toBeVisible();
});
