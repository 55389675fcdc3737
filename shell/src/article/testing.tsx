/** Test helpers for the article page and the banner (not imported by any bundle). */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { userStore, type Article, type User } from 'shared-contracts';
import { mockFetch, sampleArticle as baseArticle } from 'shared-contracts/src/testing';
import { ArticlePage } from '../pages/ArticlePage';

/** The shared sample article, with the topic these tests name. */
export function sampleArticle(over: Partial<Article> = {}): Article {
  return baseArticle({ topic: { name: 'Leading Teams', url: '/topic/leading-teams' }, ...over });
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
  const fetch = mockFetch((path) => (path.startsWith('/api/article/') ? { body: article } : { status: 404, body: { message: 'Not found' } }));
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
