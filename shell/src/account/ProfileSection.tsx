/**
 * Profile settings at any time (PLAT-15; PAY-03, PAY-05): the three optional selects of the
 * registration's profile settings (industry, job title, company size, each with a blank choice),
 * shown with the reader's current choices. Save sends the ones the reader changed (the blank choice
 * clears one) and the store takes the answered user, so a reload shows what was kept.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, MESSAGES, userStore, type User } from 'shared-contracts';
import { COMPANY_SIZES, INDUSTRIES, JOB_TITLES, SelectField } from 'shared-contracts/forms';
import { Outcome, type FormOutcome } from './Outcome';
import { ACCOUNT_TEXT } from './text';

const T = ACCOUNT_TEXT.profile;

type Settings = { industry: string; jobTitle: string; companySize: string };
const NAMES = ['industry', 'jobTitle', 'companySize'] as const;

const settingsOf = (user: User): Settings => ({ industry: user.industry ?? '', jobTitle: user.jobTitle ?? '', companySize: user.companySize ?? '' });

export function ProfileSection({ user }: { user: User }) {
  const [values, setValues] = useState<Settings>(() => settingsOf(user));
  // What the server holds as far as this page knows: only what the reader changed is sent, so a
  // change made meanwhile in another tab is not overwritten.
  const [saved, setSaved] = useState<Settings>(() => settingsOf(user));
  const [result, setResult] = useState<FormOutcome>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const headingId = useId();
  const set = (name: keyof Settings) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    setResult(null);
    const attributes = NAMES.filter((name) => values[name] !== saved[name]).map((name) => ({ name, value: values[name] }));
    if (attributes.length === 0) {
      setResult({ kind: 'status', text: T.saved });
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const updated = await api.updateProfile({ attributes });
      userStore.getState().setUser(updated);
      setSaved(settingsOf(updated));
      setResult({ kind: 'status', text: T.saved });
    } catch (error) {
      const field = error instanceof ApiError && error.body && 'errors' in error.body ? error.body.errors?.[0]?.errorMessage : undefined;
      setResult({ kind: 'error', text: field ?? MESSAGES.generic });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.heading}</h2>
      <p className="account-note">{T.intro}</p>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <SelectField label="Industry" name="industry" value={values.industry} options={INDUSTRIES} onChange={set('industry')} />
        <SelectField label="Job title" name="jobTitle" value={values.jobTitle} options={JOB_TITLES} onChange={set('jobTitle')} />
        <SelectField label="Company size" name="companySize" value={values.companySize} options={COMPANY_SIZES} onChange={set('companySize')} />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={busy}>
            {T.save}
          </button>
        </div>
        <Outcome outcome={result} />
      </form>
    </section>
  );
}
