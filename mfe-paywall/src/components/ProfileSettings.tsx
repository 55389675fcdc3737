/**
 * The paywall panel's profile-settings screen (PAY-02 "A profile settings screen reloads the page";
 * PAY-04 Profile settings; PAY-05 the three optional selects): shown after a registration in the
 * panel. 'Save' sends the chosen settings (none chosen: nothing is sent), 'Maybe later' skips; both
 * then reload the page with registration=success, which shows the content the registration earned.
 * A failed save shows the generic message and stays (the reader may try again or skip).
 */
import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES, UI_TEXT, userStore } from 'shared-contracts';
import { COMPANY_SIZES, FormMessage, INDUSTRIES, JOB_TITLES, SelectField } from 'shared-contracts/forms';
import { saveProfileSettings } from '../api/profile';

/** This screen's words (NOT IN SPEC): the auth modal's heading for the same screen. */
export const PROFILE_SETTINGS_TEXT = {
  heading: 'Tell us about yourself',
  intro: 'Your account is ready. Tell us a little about your work so we can suggest what to read next.',
  save: 'Save',
  saving: 'Saving…',
};

export function ProfileSettingsScreen({ onDone }: { onDone(): void }) {
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
      userStore.getState().setUser(await saveProfileSettings(attributes));
      onDone();
    } catch {
      setError(MESSAGES.generic);
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <p>{PROFILE_SETTINGS_TEXT.intro}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <SelectField label="Industry" name="industry" value={industry} options={INDUSTRIES} onChange={setIndustry} />
        <SelectField label="Job title" name="jobTitle" value={jobTitle} options={JOB_TITLES} onChange={setJobTitle} />
        <SelectField label="Company size" name="companySize" value={companySize} options={COMPANY_SIZES} onChange={setCompanySize} />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={busy} aria-busy={busy ? 'true' : undefined}>
            {busy ? PROFILE_SETTINGS_TEXT.saving : PROFILE_SETTINGS_TEXT.save}
          </button>
          <button type="button" className="button-link" disabled={busy} onClick={onDone}>
            {UI_TEXT.maybeLater}
          </button>
        </div>
      </form>
    </>
  );
}
