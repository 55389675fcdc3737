/** Test helpers for the article page and the banner (not imported by any bundle). */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { userStore, type Article, type User } from 'shared-contracts';
import { mockFetch } from 'shared-contracts/src/testing';
import { ArticlePage } from '../pages/ArticlePage';

export function sampleArticle(over: Partial<Article> = {}): Article {
  return {
    id: 'a1',
    title: 'Why Strategy Fails in the Middle',
    summary: 'Most plans die between the board room and the shop floor.',
    url: '/2025/03/why-strategy-fails-in-the-middle',
    published: '2025-03-04T00:00:00.000Z',
    contentType: 'Digital Article',
    category: { term: 'Strategy' },
    author: [{ name: 'Jo Writer' }],
    image: null,
    free: false,
    slug: 'why-strategy-fails-in-the-middle',
    year: 2025,
    month: 3,
    topic: { name: 'Leading Teams', url: '/topic/leading-teams' },
    series: null,
    bigIdea: false,
    lead: 'The plan was good. The meeting went well. Then nothing happened.',
    body: [],
    ascend: false,
    ...over,
  };
}

/**
 * Renders the article page at the article's URL for `user` (null: guest; 'unknown': before the
 * first answer), the API answering GET /api/article with `article`. Waits for the headline.
 */
export async function renderArticle(article: Article, user: User | null | 'unknown' = null) {
  act(() => {
    if (user === 'unknown') userStore.setState({ status: 'unknown', user: null, quota: null });
    else userStore.getState().setUser(user);
  });
  const fetch = mockFetch((path) =>
    path.startsWith('/api/article/') ? { body: article } : { status: 404, body: { message: 'Not found' } },
  );
  const view = render(
    <MemoryRouter initialEntries={[article.url]}>
      <Routes>
        <Route path="/:year/:month/:slug" element={<ArticlePage />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: article.title });
  return { ...view, fetch };
}
