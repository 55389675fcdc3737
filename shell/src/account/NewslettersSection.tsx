/**
 * The reader's newsletters (PLAT-15; SITE-01, SITE-07): the newsletters and marketing campaigns they
 * receive, by name, from the newsletters API, and the way to /email-newsletters to change them.
 */
import { useId } from 'react';
import { useLoad } from 'shared-contracts';
import { Link } from 'shared-contracts/router';
import { loadSubscribedNewsletters } from './api';
import { ACCOUNT_TEXT } from './text';

const T = ACCOUNT_TEXT.newsletters;

export function NewslettersSection({ userId }: { userId: string }) {
  const headingId = useId();
  const names = useLoad(`account:newsletters:${userId}`, loadSubscribedNewsletters);
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.heading}</h2>
      {names.status === 'loading' && <p role="status">{T.loading}</p>}
      {names.status === 'error' && <p role="alert">{T.failed}</p>}
      {names.status === 'ready' &&
        (names.data.length === 0 ? (
          <p>{T.none}</p>
        ) : (
          <>
            <p>{T.some}</p>
            <ul className="account-newsletters">
              {names.data.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </>
        ))}
      <p>
        <Link to="/email-newsletters">{T.manage}</Link>
      </p>
    </section>
  );
}
