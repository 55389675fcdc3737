/**
 * `/big-ideas` (SITE-02, linked from the header's pages): The Big Idea articles (the headline's
 * `bigIdea` flag), newest first, as a stream over GET /service/stream/big-ideas/{n}/{size}.
 */
import { StreamList } from '../discovery/StreamList';

export function BigIdeasPage() {
  return (
    <main id="main" className="page">
      <h1>The Big Idea</h1>
      {/* NOT IN SPEC: the introduction. */}
      <p className="page-intro">Our most ambitious arguments: one idea each, developed at length, with the evidence and the practice behind it.</p>
      <StreamList type="big-ideas" label="Big Idea articles" emptyMessage="No Big Idea article has been published yet." />
    </main>
  );
}
