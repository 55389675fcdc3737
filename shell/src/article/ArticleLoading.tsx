/** What the article page shows while its article loads; the App shows it too while the page's own chunk arrives. */
export function ArticleLoading() {
  return (
    <main id="main" className="page">
      <p role="status">Loading article…</p>
    </main>
  );
}
