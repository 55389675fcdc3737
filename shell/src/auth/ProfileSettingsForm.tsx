/**
 * Profile settings after registration (PAY-03, PAY-04, PAY-05): three optional selects. 'Save' sends
 * the chosen ones, 'Maybe later' skips; both then hand over to onDone (the modal closes and
 * reloads, the /register page goes home).
 */
import { useRef, useState, type FormEvent } from 'react';
import { api, MESSAGES, UI_TEXT, userStore } from 'shared-contracts';
import { COMPANY_SIZES, INDUSTRIES, JOB_TITLES, FormMessage, SelectField } from 'shared-contracts/forms';

export interface ProfileSettingsFormProps {
  onDone(): void;
}

export function ProfileSettingsForm({ onDone }: ProfileSettingsFormProps) {
  const [industry, setIndustry] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const [companySize, setCompanySize] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    const attributes = [
      { name: 'industry', value: industry },
      { name: 'jobTitle', value: jobTitle },
      { name: 'companySize', value: companySize },
    ].filter((a) => a.value !== '');
    if (attributes.length === 0) {
      onDone();
      return;
    }
    busy.current = true;
    setError(null);
    try {
      const user = await api.updateProfile({ attributes });
      userStore.getState().setUser(user);
      onDone();
    } catch {
      setError(MESSAGES.generic);
    } finally {
      busy.current = false;
    }
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <SelectField label="Industry" name="industry" value={industry} options={INDUSTRIES} onChange={setIndustry} />
      <SelectField label="Job title" name="jobTitle" value={jobTitle} options={JOB_TITLES} onChange={setJobTitle} />
      <SelectField label="Company size" name="companySize" value={companySize} options={COMPANY_SIZES} onChange={setCompanySize} />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <div className="form-actions">
        <button type="submit" className="button-primary">
          Save
        </button>
        <button type="button" className="button-link" onClick={onDone}>
          {UI_TEXT.maybeLater}
        </button>
      </div>
    </form>
  );
}
