/**
 * Profile settings after registration (PAY-03, PAY-04, PAY-05): the three optional selects, one
 * form for the auth modal, the /register page and the paywall panel. 'Save' sends the chosen ones
 * (none chosen: nothing is sent) and shows 'Saving…' meanwhile; 'Maybe later' skips; both then hand
 * over to onDone. A failed save shows the generic message and stays (try again, or skip).
 */
import { useRef, useState, type FormEvent } from 'react';
import { api, MESSAGES, UI_TEXT, userStore } from 'shared-contracts';
import { FormMessage, SelectField } from './forms';
import { COMPANY_SIZES, INDUSTRIES, JOB_TITLES } from './profile-options';

export interface ProfileSettingsFormProps {
  onDone(): void;
}

export function ProfileSettingsForm({ onDone }: ProfileSettingsFormProps) {
  const [industry, setIndustry] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const [companySize, setCompanySize] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending.current) return;
    const attributes = [
      { name: 'industry', value: industry },
      { name: 'jobTitle', value: jobTitle },
      { name: 'companySize', value: companySize },
    ].filter((a) => a.value !== '');
    if (attributes.length === 0) {
      onDone();
      return;
    }
    pending.current = true;
    setBusy(true);
    setError(null);
    try {
      userStore.getState().setUser(await api.updateProfile({ attributes }));
      onDone();
    } catch {
      setError(MESSAGES.generic);
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <SelectField label="Industry" name="industry" value={industry} options={INDUSTRIES} onChange={setIndustry} />
      <SelectField label="Job title" name="jobTitle" value={jobTitle} options={JOB_TITLES} onChange={setJobTitle} />
      <SelectField label="Company size" name="companySize" value={companySize} options={COMPANY_SIZES} onChange={setCompanySize} />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={busy} aria-busy={busy ? 'true' : undefined}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button-link" disabled={busy} onClick={onDone}>
          {UI_TEXT.maybeLater}
        </button>
      </div>
    </form>
  );
}
