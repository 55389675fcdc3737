/**
 * `/registration-complete` (PAY-02): where a completed registration lands, with what a new reader
 * can do next. A guest who comes here is told to register first.
 */
import { useUserStore } from 'shared-contracts';
import { Link } from 'shared-contracts/router';

export function RegistrationCompletePage() {
  const user = useUserStore((s) => s.user);
  return (
    <main id="main" className="page account-page">
      {/* NOT IN SPEC: the page's texts. */}
      <h1>{user ? `Welcome, ${user.firstName}` : 'Registration'}</h1>
      {user ? (
        <>
          <p className="page-intro">Your account is ready. Here is what you can do with it.</p>
          <ul className="next-steps">
            <li>
              <Link to="/topics">Follow topics</Link>: the articles of the topics you follow are gathered for you.
            </li>
            <li>
              <Link to="/email-newsletters">Choose newsletters</Link>: the best of the week, in your inbox.
            </li>
            <li>
              <Link to="/my-library">Open My Library</Link>: save articles into folders and read them later.
            </li>
            <li>
              <Link to="/the-latest">Keep reading</Link>: the latest articles.
            </li>
          </ul>
        </>
      ) : (
        <p>
          You are not signed in. <Link to="/register">Create an account</Link> to save articles, follow topics and read more each month.
        </p>
      )}
    </main>
  );
}
