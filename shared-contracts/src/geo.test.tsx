/**
 * @jest-environment <rootDir>/scripts/jest-env-dom.js
 */
// The visitor's country is cached for the visit; a server-rendered page hydrates without it and
// reads it after, so a reader whose visit already knows the country sees no hydration mismatch.
import { act, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { COUNTRY_CACHE_KEY, resetVisitorCountry, useVisitorCountry } from './geo';

function Country() {
  const { ready, country } = useVisitorCountry(false);
  return createElement('p', null, ready ? `country ${country ?? 'unknown'}` : 'looking');
}

afterEach(() => resetVisitorCountry());

it('hydrates the server’s first render, then shows the visit’s cached country', async () => {
  const view = renderToString(createElement(Country)); // the server's HTML
  expect(view).toBe('<p>looking</p>');
  sessionStorage.setItem(COUNTRY_CACHE_KEY, 'CA');
  const container = document.createElement('div');
  container.innerHTML = view;
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, createElement(Country), { onRecoverableError: (error) => recoverable.push(error) });
  });
  expect(recoverable).toEqual([]);
  expect(container.textContent).toBe('country CA');
});
