/**
 * @jest-environment <rootDir>/scripts/jest-env-dom.js
 */
// A picture below the first view (`later`): the server's HTML keeps its box and holds the picture
// for a reader without scripts only; the browser asks for it once the page is hydrated.
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { render } from '@testing-library/react';
import { Picture } from './Picture';

const BASE = '/images/video/v1/0123456789ab';

it("is in the server's HTML as its box, with the picture only in a <noscript>", () => {
  const view = renderToString(<Picture image={BASE} alt="" later className="tile" />);
  expect(view).toMatch(/^<span class="ds-picture tile ds-picture--later" style="aspect-ratio:640 \/ 360"><noscript><picture class="ds-picture tile">/);
  // Nothing a browser with scripts would fetch outside the <noscript>.
  expect(view.replace(/<noscript>.*<\/noscript>/, '')).not.toMatch(/<img|<source/);
  expect(view).toContain(`<img src="${BASE}-640.jpg"`);
});

it('a 3:4 cover keeps its own proportions while it waits', () => {
  expect(renderToString(<Picture image="/images/issue/BR2501/0123456789ab" alt="" later />)).toContain('style="aspect-ratio:480 / 640"');
});

it('becomes the picture once hydrated, without a hydration mismatch', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Picture image={BASE} alt="" later />);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Picture image={BASE} alt="" later />, { onRecoverableError: (error) => recoverable.push(error) });
  });
  expect(recoverable).toEqual([]);
  expect(container.querySelector('.ds-picture--later')).toBeNull();
  const img = container.querySelector('picture.ds-picture > img');
  expect(img).toHaveAttribute('src', `${BASE}-640.jpg`);
  expect(img).toHaveAttribute('loading', 'lazy');
});

it('rendered in the browser (a page reached inside the app) is the picture at once', () => {
  const { container } = render(<Picture image={BASE} alt="" later />);
  expect(container.querySelector('noscript')).toBeNull();
  expect(container.querySelector('picture.ds-picture > img')).toHaveAttribute('loading', 'lazy');
});
