import { Link } from 'shared-contracts/router';
import { usePageMeta } from 'shared-contracts';

export function NotFound() {
  usePageMeta({ status: 404 });
  return (
    <main id="main" className="page not-found">
      <h1>Page not found</h1>
      <p>
        We could not find that page. <Link to="/">Go to the home page</Link>.
      </p>
    </main>
  );
}
