/**
 * Analytic Services `/hbr-analytic-services` (SITE-02): the analytics stream (sponsored reports),
 * with the #browse-reports-filter anchor. The stream counts pages from 1 and keeps the loaded count
 * in the address.
 */
import { StreamList } from '../discovery/StreamList';

export function AnalyticServicesPage() {
  return (
    <main id="main" className="page">
      <h1>Analytic Services</h1>
      <section id="browse-reports-filter" className="browse-reports" aria-labelledby="browse-reports-title">
        <h2 id="browse-reports-title">Browse reports</h2>
        <StreamList type="analytics" label="Analytic Services reports" />
      </section>
    </main>
  );
}
