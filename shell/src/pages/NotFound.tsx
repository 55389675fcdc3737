import { Link } from 'shared-contracts/router';

export function NotFound() {
  return (
    <main id="main" className="page">
      <h1>Page not found</h1>
      <p>
        We could not find that page. <Link to="/">Go to the home page</Link>.
      </p>
    </main>
  );
}
