/**
 * The article gate the shell's article page mounts below the headline. For now every reader gets
 * the full content (the metered walls come in a later issue); the gate still announces its decision
 * on the bus as 'paywall:state', so the rest of the page can follow it, and invites guests to
 * register.
 */
import * as React from 'react';
import { useEffect, useRef } from 'react';
import { bus, instanceMarkers, useUserStore, userStore, type Article } from 'shared-contracts';

export interface ArticleGateProps {
  article: Article;
}

type GateState = 'full-content';

export default function ArticleGate({ article }: ArticleGateProps) {
  const status = useUserStore((s) => s.status);
  const state: GateState = 'full-content';

  // Once per article: a re-render, or StrictMode running the effect twice, does not announce again;
  // the shell showing another article in the same gate does.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (announced.current === article.id) return;
    announced.current = article.id;
    bus.emit('paywall:state', { state });
  }, [article.id, state]);

  return (
    <div data-remote-root="paywall" {...instanceMarkers(React.createElement, userStore)}>
      <section data-gate-state={state} className="article-body">
        <p className="lead">{article.lead}</p>
        {article.body.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </section>
      {status === 'guest' && (
        <aside className="register-invite">
          <p>Register for free to save articles and get newsletters.</p>
          <button type="button" onClick={() => bus.emit('auth:open', { screen: 'registration' })}>
            Register
          </button>
        </aside>
      )}
    </div>
  );
}
