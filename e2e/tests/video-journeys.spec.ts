/**
 * Video, as a reader watches it on a desktop and on a phone: before the first
 * play only the page's Play button is over the poster (the browser's own controls, whose centre
 * button and time ran into the caption and the poster's lettering, come with the first play); the
 * end screen fits the player with the controls hidden behind it; and the countdown to the next
 * video can be cancelled ('Cancel', named 'Cancel autoplay'), after which the next video is still a
 * link away. Screenshots of each state go to the test's output folder.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectSlot, mediaState, slot, test } from '../fixtures';
import { registerAccount } from '../session';

type VideoInfo = { id: string; slug: string; name: string; subscriberOnly: boolean };

async function explainers(page: Page): Promise<[VideoInfo, VideoInfo]> {
  const res = await page.request.get('/api/playlists/explainers');
  expect(res.ok()).toBe(true);
  const [first, second] = ((await res.json()) as { videos: VideoInfo[] }).videos;
  expect([first?.subscriberOnly, second?.subscriberOnly]).toEqual([false, false]);
  return [first!, second!];
}

type Box = { x: number; y: number; width: number; height: number };
async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on the page');
  return b;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, outer: Box) =>
  a.x >= outer.x - 0.5 && a.y >= outer.y - 0.5 && a.x + a.width <= outer.x + outer.width + 0.5 && a.y + a.height <= outer.y + outer.height + 0.5;

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`${device}: Play stands alone over the poster, the end screen fits the player, and Cancel stops the countdown`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await registerAccount(page.request, 'watcher');
    const [first, second] = await explainers(page);
    // Fake timers for the countdown only; the clip plays in real time (3 to 6 s).
    await page.clock.install();
    await page.goto(`/video/${first.id}/${first.slug}?playlist=explainers`);
    await expectSlot(page, 'video/App', 'ready');
    const app = slot(page, 'video/App');
    const stage = app.locator('[data-video-state]');
    const player = app.locator('.video-player');
    const video = app.locator('video');
    await expect(stage).toHaveAttribute('data-video-state', 'player');

    // Before playing: the Play button alone over the poster, its caption clear of what the poster
    // draws (the play sign, a circle at (50%, 44.4%) of radius 13.3% of the height; the name and the
    // time from 76% of the height down: dev-server services/media.ts).
    const play = app.getByRole('button', { name: `Play ${first.name}` });
    await expect(play).toBeVisible();
    await expect(play).toHaveText('▶ Play');
    await expect(video).not.toHaveAttribute('controls');
    const frame0 = await box(player);
    const caption = await box(play.locator('.video-play-caption'));
    expect(inside(caption, frame0)).toBe(true);
    expect(caption.y).toBeGreaterThan(frame0.y + frame0.height * (0.444 + 0.133));
    expect(caption.y + caption.height).toBeLessThan(frame0.y + frame0.height * 0.76);
    await player.screenshot({ path: test.info().outputPath(`${device}-1-before-play.png`) });

    await play.click();
    await expect(video).toHaveAttribute('controls');
    // The clip plays; the reader then drags to its last moment (the whole clip in real time is
    // video.spec.ts's journey; this one is about what the end looks like).
    await expect.poll(() => mediaState(video), { timeout: 10_000 }).toMatch(/^(playing at (?!0\.0)|ended)/);
    await video.evaluate((el: HTMLVideoElement) => (el.currentTime = Math.max(0, el.duration - 0.25)));
    await expect.poll(() => mediaState(video), { timeout: 10_000 }).toBe('ended');
    await expect(stage).toHaveAttribute('data-video-state', 'ended');

    // The end screen: inside the player, nothing of it over the player's controls (hidden now).
    const upNext = app.getByRole('region', { name: 'Up next' });
    await expect(video).not.toHaveAttribute('controls');
    const countdown = upNext.getByRole('status');
    await expect(countdown).toHaveText(/^will start playing in \d+ seconds?$/);
    // The page's clock stops here (it ran with real time while the clip played): only runFor moves it.
    // A busy machine may take longer than the margin between reading the page's time and pausing
    // it, which Playwright refuses (the past): read the time again with a wider margin.
    for (const margin of [50, 250, 1000]) {
      const paused = await page.clock.pauseAt((await page.evaluate(() => Date.now())) + margin).then(
        () => true,
        (error: unknown) => {
          if (margin === 1000 || !/to the past/.test(String(error))) throw error;
          return false;
        },
      );
      if (paused) break;
    }
    // The seconds left once a tick the jump fired (if any) has been drawn: the text holds still.
    let shown = '';
    await expect
      .poll(async () => {
        const now = (await countdown.textContent()) ?? '';
        const still = now === shown;
        shown = now;
        return still;
      })
      .toBe(true);
    const left = Number(shown.match(/\d+/)?.[0]);
    expect(left).toBeGreaterThan(3);
    const replay = upNext.getByRole('link', { name: `Replay ${first.name}` });
    const cancel = upNext.getByRole('button', { name: 'Cancel autoplay' });
    const next = upNext.getByRole('link', { name: second.name });
    const frame = await box(player);
    for (const part of [replay, cancel, next, countdown]) {
      await expect(part).toBeVisible();
      expect(inside(await box(part), frame)).toBe(true);
    }
    expect(overlaps(await box(replay), await box(cancel))).toBe(false);
    expect(overlaps(await box(countdown), await box(cancel))).toBe(false);
    await player.screenshot({ path: test.info().outputPath(`${device}-2-end-screen.png`) });

    await page.clock.runFor(3_000);
    await expect(countdown).toHaveText(`will start playing in ${left - 3} ${left - 3 === 1 ? 'second' : 'seconds'}`);
    await expect(cancel).toHaveText('Cancel');
    await cancel.click();
    await expect(cancel).toBeHidden();
    await expect(countdown).toHaveText('');
    await expect(next).toBeFocused();
    await page.clock.runFor(20_000);
    await expect(page).toHaveURL(new RegExp(`/video/${first.id}/${first.slug}\\?playlist=explainers$`));
    await expect(stage).toHaveAttribute('data-video-state', 'ended');
    await player.screenshot({ path: test.info().outputPath(`${device}-3-cancelled.png`) });

    // The next video is still one link away, and plays (the clock runs again: the page's own timers).
    await page.clock.resume();
    await next.click();
    await expect(page).toHaveURL(new RegExp(`/video/${second.id}/${second.slug}\\?playlist=explainers$`));
    await expect(app.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
    await expect(stage).toHaveAttribute('data-video-state', 'player');
    await expect(video).toHaveAttribute('controls');
  });
}
