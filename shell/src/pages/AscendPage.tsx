/**
 * Ascend `/ascend` (SITE-02): the ascend stream, with the #browse-reports-filter anchor. The stream
 * counts pages from 1 and keeps the loaded count in the address.
 */
import { StreamList } from '../discovery/StreamList';

export function AscendPage() {
  return (
    <main id="main" className="page">
      <h1>Ascend</h1>
      <section id="browse-reports-filter" className="browse-reports" aria-labelledby="browse-ascend-title">
        <h2 id="browse-ascend-title">Browse articles</h2>
        <StreamList type="ascend" label="Ascend articles" />
      </section>
    </main>
  );
}
