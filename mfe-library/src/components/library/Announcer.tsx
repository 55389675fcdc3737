import { useState } from 'react';

export type Announcement = { text: string; n: number } | null;

/** The message of the polite status region and `announce(text)`; each call makes a new message, so the same words are said again. */
export function useAnnouncer() {
  const [message, setMessage] = useState<Announcement>(null);
  return { message, announce: (text: string) => setMessage((m) => ({ text, n: (m?.n ?? 0) + 1 })) };
}

/** The polite status region: a new message replaces the node, so the same words are said again. */
export function Announcer({ message }: { message: Announcement }) {
  return (
    <div role="status" aria-live="polite" className="visually-hidden-status" data-library-announcer="">
      {message && <span key={message.n}>{message.text}</span>}
    </div>
  );
}
