/**
 * Discard and bulk discard (SITE-02, SITE-08): a confirmation question and 'Remove'.
 * discard -> DELETE /service/user/saves/{id} -> 'Removed from My Library';
 * bulk-discard -> DELETE /service/user/saves/bulk -> 'N item(s) removed from My Library'.
 * A failure shows the server's refusal (403) or the generic failure; the flyout stays open.
 */
import { useEffect, useRef } from 'react';
import { Button, MESSAGES, useMounted } from 'shared-contracts';
import { useMutation } from 'shared-contracts/mutation';
import { discardItem, discardItems } from '../../api/saves';
import { itemsRemovedFromLibrary, LIBRARY_MESSAGES } from 'shared-contracts/library';
import { FailureNotice, failureOf, type Failure } from '../common/Failure';
import type { FlyoutItem } from './contract';
import { isUnauthorized, type FlyoutBodyProps } from './common';
import { REMOVE_TEXT } from './text';

interface ConfirmRemoveProps extends FlyoutBodyProps {
  question: string;
  remove(): Promise<string>;
}

function ConfirmRemove({ question, remove, confirm, cancel, signIn }: ConfirmRemoveProps) {
  const removal = useMutation(remove);
  const mounted = useMounted();
  const busy = removal.pending;
  const refused = removal.error;
  // A session that ended meanwhile: the sign-in asks first (once per refusal); any other refusal is said here.
  const signInNow = useRef(signIn);
  signInNow.current = signIn;
  useEffect(() => {
    if (refused && isUnauthorized(refused)) signInNow.current();
  }, [refused]);
  const failure: Failure | null = refused && !isUnauthorized(refused) ? failureOf(refused, LIBRARY_MESSAGES.readOnlyFolder) : null;
  const onRemove = () =>
    removal.run().then((message) => {
      if (message !== undefined && mounted.current) confirm(message);
    });

  return (
    <div className="confirm-remove" aria-busy={busy}>
      <p>{question}</p>
      <div className="flyout-actions ds-button-row">
        <Button disabled={busy} onClick={() => void onRemove()}>
          {REMOVE_TEXT.remove}
        </Button>
        <Button variant="ghost" onClick={cancel}>
          {REMOVE_TEXT.cancel}
        </Button>
      </div>
      <FailureNotice failure={failure} />
    </div>
  );
}

export function DiscardBody({ item, ...frame }: FlyoutBodyProps & { item: FlyoutItem }) {
  return (
    <ConfirmRemove
      {...frame}
      question={REMOVE_TEXT.question(item.title)}
      remove={async () => {
        await discardItem(item.id);
        return MESSAGES.library.removed;
      }}
    />
  );
}

export function BulkDiscardBody({ ids, ...frame }: FlyoutBodyProps & { ids: string[] }) {
  return (
    <ConfirmRemove {...frame} question={REMOVE_TEXT.bulkQuestion(ids.length)} remove={async () => itemsRemovedFromLibrary((await discardItems(ids)).count)} />
  );
}
