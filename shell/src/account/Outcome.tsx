/**
 * What a form of the account page answered: a status region that is always there (so a
 * confirmation is announced), and an alert for a failure.
 */
export type FormOutcome = { kind: 'error' | 'status'; text: string } | null;

export function Outcome({ outcome }: { outcome: FormOutcome }) {
  return (
    <>
      <p role="status" className="form-status">
        {outcome?.kind === 'status' ? outcome.text : ''}
      </p>
      {outcome?.kind === 'error' && (
        <p role="alert" className="form-error">
          {outcome.text}
        </p>
      )}
    </>
  );
}
