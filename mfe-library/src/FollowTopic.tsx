/**
 * The follow toggle of a topic page (SITE-04: 'Follow this', then 'Following'), exposed as
 * `library/FollowTopic` and mounted by the shell on /topic/{slug} (decision 012).
 *
 * - Guests are asked to sign in (SITE-06): the click emits `auth:open` { screen: 'signin', reason: 'follow',
 *   intent }. The modal says why, and once the reader has signed in (or registered) it calls the
 *   intent: the toggle, now the member's, follows the topic as soon as it knows it is not followed
 *   yet (contracts.md). A modal closed without signing in follows nothing.
 * - Members: whether the topic is followed comes from GET /service/user/topics; a click follows
 *   (POST, by name) or unfollows (DELETE, by slug). The button is disabled (aria-busy) while a
 *   request runs, and the state shown is always the server's answer, announced on the bus as
 *   `following:changed` so the header's count follows without a reload.
 * - A 403 (a subscriber-limited topic for a member without a subscriber class) shows the server's
 *   message; any other failure shows the generic failure with customer service (SITE-08). Either
 *   way the previous state stays.
 *
 * The root carries data-widget="follow-topic", data-following="true|false" and
 * data-follow-state="loading|idle|pending", plus the part's instance markers.
 */
import * as React from 'react';
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { bus, Button, instanceMarkers, useLoad, useMounted, userStore } from 'shared-contracts';
import { followTopic, loadFollowing, unfollowTopic } from './api/following';
import { DISCOVERY_MESSAGES, FOLLOW_LABELS, type FollowedTopic, type Following } from 'shared-contracts/discovery';
import { FailureNotice, failureOf, type Failure } from './components/common/Failure';
import { useReader } from './components/common/reader';

export interface FollowTopicProps {
  /** The topic's slug, as in /topic/{slug}. */
  slug: string;
  /** The topic's name: what the follow request sends. */
  name: string;
  /** Following needs a subscriber class (SITE-06); the server refuses others, this only adds a hint. */
  subscriberLimited?: boolean;
}

/** NOT IN SPEC wording: the hint beside the toggle of a subscriber-limited topic. */
export const SUBSCRIBER_TOPIC_HINT = 'Subscriber topic';

export type FollowPhase = 'loading' | 'idle' | 'pending';

/** The followed entry for this topic in the server's answer: by slug, else by name. */
export function followedEntry(answer: Following, slug: string, name: string): FollowedTopic | undefined {
  const lower = name.trim().toLowerCase();
  return answer.topics.find((t) => t.slug === slug) ?? answer.topics.find((t) => t.name.trim().toLowerCase() === lower);
}

interface ViewProps {
  following: boolean;
  phase: FollowPhase;
  failure: Failure | null;
  subscriberLimited: boolean;
  onToggle: (event: MouseEvent<HTMLButtonElement>) => void;
  buttonRef?: React.Ref<HTMLButtonElement>;
}

function FollowView({ following, phase, failure, subscriberLimited, onToggle, buttonRef }: ViewProps) {
  const hintId = useId();
  return (
    <div
      className="follow-topic"
      data-remote-root="library"
      data-widget="follow-topic"
      data-following={String(following)}
      data-follow-state={phase}
      {...instanceMarkers(React.createElement, userStore)}
    >
      <Button
        variant="secondary"
        ref={buttonRef}
        aria-pressed={following}
        aria-busy={phase !== 'idle'}
        aria-describedby={subscriberLimited ? hintId : undefined}
        disabled={phase !== 'idle'}
        onClick={onToggle}
      >
        {following ? FOLLOW_LABELS.following : FOLLOW_LABELS.follow}
      </Button>
      {subscriberLimited && (
        <span id={hintId} className="follow-hint">
          {SUBSCRIBER_TOPIC_HINT}
        </span>
      )}
      <FailureNotice failure={failure} />
    </div>
  );
}

interface MemberFollowProps extends Required<FollowTopicProps> {
  /** The reader asked to follow before signing in: follow once the state is known, then onAsked(). */
  followNow?: boolean;
  onAsked?: () => void;
}

/** A member's toggle. Keyed on the member and the topic, so another user or topic starts afresh. */
function MemberFollow({ slug, name, subscriberLimited, followNow = false, onAsked }: MemberFollowProps) {
  // Is the topic followed? Asked once per member and topic (the component is keyed on both). The
  // server's renderer asks too (useLoad), so the page's HTML shows the member's state, not 'loading'.
  const initial = useLoad('following', loadFollowing);
  const known = initial.status === 'ready' ? followedEntry(initial.data, slug, name) : undefined;
  const [following, setFollowing] = useState(known !== undefined);
  /** The slug the server knows the followed topic by (what an unfollow sends). */
  const [followedSlug, setFollowedSlug] = useState(known?.slug ?? slug);
  const [phase, setPhase] = useState<FollowPhase>(initial.status === 'loading' ? 'loading' : 'idle');
  const [failure, setFailure] = useState<Failure | null>(initial.status === 'error' ? { kind: 'generic' } : null);
  const mounted = useMounted();
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  // Disabling the focused button drops its focus; give it back once the answer is in.
  useEffect(() => {
    if (phase !== 'idle' || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
    // The answer may come in the same render as the request's start (pending and idle at once).
  }, [phase, following]);

  const apply = useCallback(
    (answer: Following) => {
      const entry = followedEntry(answer, slug, name);
      setFollowing(entry !== undefined);
      setFollowedSlug(entry?.slug ?? slug);
    },
    [slug, name],
  );

  useEffect(() => {
    if (initial.status === 'loading') return;
    if (initial.status === 'ready') apply(initial.data);
    else setFailure({ kind: 'generic' });
    setPhase('idle');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the answer comes
  }, [initial.status]);

  // Follows changed elsewhere (another toggle, the library's topic list) show here too.
  useEffect(
    () =>
      bus.on('following:changed', ({ slugs }) => {
        setFollowing(slugs.includes(slug) || slugs.includes(followedSlug));
      }),
    [slug, followedSlug],
  );

  // The follow asked for before sign-in: once the member's state is known, unless it is followed already.
  useEffect(() => {
    if (!followNow || phase !== 'idle') return;
    onAsked?.();
    if (!following && failure === null) void toggle(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the state is known
  }, [followNow, phase]);

  async function toggle(keepFocus: boolean) {
    if (phase !== 'idle') return;
    refocus.current = keepFocus;
    setPhase('pending');
    setFailure(null);
    try {
      const answer = following ? await unfollowTopic(followedSlug) : await followTopic(name);
      // The server's state changed even if this toggle is gone: the header still needs to know.
      bus.emit('following:changed', { slugs: answer.topics.map((t) => t.slug), unreadCount: answer.unreadCount });
      if (!mounted.current) return;
      apply(answer);
    } catch (error) {
      if (!mounted.current) return;
      setFailure(failureOf(error, DISCOVERY_MESSAGES.topicSubscribersOnly));
    }
    setPhase('idle');
  }

  return (
    <FollowView
      following={following}
      phase={phase}
      failure={failure}
      subscriberLimited={subscriberLimited}
      onToggle={(e) => void toggle(document.activeElement === e.currentTarget)}
      buttonRef={button}
    />
  );
}

export function FollowTopic({ slug, name, subscriberLimited = false }: FollowTopicProps) {
  const reader = useReader();
  // The follow a guest asked for, set by the sign-in request's intent (after sign-in or registration).
  const [asked, setAsked] = useState(false);
  if (reader.kind === 'member') {
    return (
      <MemberFollow
        key={`${reader.id}:${slug}`}
        slug={slug}
        name={name}
        subscriberLimited={subscriberLimited}
        followNow={asked}
        onAsked={() => setAsked(false)}
      />
    );
  }
  return (
    <FollowView
      following={false}
      phase={reader.kind === 'unknown' ? 'loading' : 'idle'}
      failure={null}
      subscriberLimited={subscriberLimited}
      onToggle={() => bus.emit('auth:open', { screen: 'signin', reason: 'follow', intent: () => setAsked(true) })}
    />
  );
}

export default FollowTopic;
