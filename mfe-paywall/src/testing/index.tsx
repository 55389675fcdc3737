/**
 * Test helpers of the paywall (imported by tests only, never by the exposed module). mockApi answers
 * by "METHOD /path" with JSON, keeps captcha and geolocation answers by default, and records what
 * was sent.
 */
import * as React from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type Article, type ArticleContent, type PaywallMessage, type ReadingList } from 'shared-contracts';
import { mockApiRoutes, resetAccountTestState, sampleArticle } from 'shared-contracts/src/testing';
import ArticleGate from '../ArticleGate';
import { nav } from '../components/navigation';

/** The API fake of every package's tests (shared-contracts/src/testing.ts). */
export const mockApi = mockApiRoutes;
export type { ApiAnswer as Answer } from 'shared-contracts/src/testing';

export const CONTENT_KEY = 'POST /api/article/piano/content';

/** Fresh module caches, a guest store, an empty data layer and no real navigation. */
export const resetPaywallTestState = () => resetAccountTestState(nav);

export const article = sampleArticle;

export const BODY = [
  'Middle managers translate strategy into work.',
  'When they are left out, the plan stalls.',
  'Bring them in early.',
  'Give them the numbers.',
  'Then get out of the way.',
];

export function message(type: PaywallMessage['type'], over: Partial<PaywallMessage> = {}): PaywallMessage {
  return { type, context: 'article', ...over };
}

export function content(over: Partial<ArticleContent> = {}): ArticleContent {
  return {
    guid: 'g1',
    content: BODY,
    quota: null,
    reason: 'free',
    message: message('full-content'),
    giftExpiresAt: null,
    ...over,
  };
}

export function readingList(name: string, titles: string[]): ReadingList {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    name,
    slug,
    recordList: {
      recordItems: titles.map((title, i) => ({ title, link: `/2024/0${(i % 9) + 1}/${slug}-${i}`, summary: '', author: [], imageUri: null })),
    },
  };
}

/** Renders the gate at `path` (the page URL, e.g. with ?gift=). */
export function renderGate(a: Article = article(), options: { path?: string; strict?: boolean } = {}) {
  const tree = (
    <MemoryRouter initialEntries={[options.path ?? a.url]}>
      <ArticleGate article={a} />
    </MemoryRouter>
  );
  return render(options.strict ? <React.StrictMode>{tree}</React.StrictMode> : tree);
}

/** The gate section (section.article-gated). */
export function gateSection(container: HTMLElement): HTMLElement {
  const el = container.querySelector<HTMLElement>('section.article-gated');
  if (!el) throw new Error('no gate section');
  return el;
}
