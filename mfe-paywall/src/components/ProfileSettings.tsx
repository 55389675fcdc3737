/**
 * The paywall panel's profile-settings screen (PAY-02 "A profile settings screen reloads the page";
 * PAY-04 Profile settings; PAY-05 the three optional selects): shown after a registration in the
 * panel, with the auth kit's form (shared-contracts/forms). 'Save' and 'Maybe later' both then reload
 * the page with registration=success, which shows the content the registration earned.
 */
import { ProfileSettingsForm } from 'shared-contracts/forms';

/** This screen's words (NOT IN SPEC): the auth modal's heading for the same screen. */
export const PROFILE_SETTINGS_TEXT = {
  heading: 'Tell us about yourself',
  intro: 'Your account is ready. Tell us a little about your work so we can suggest what to read next.',
};

export function ProfileSettingsScreen({ onDone }: { onDone(): void }) {
  return (
    <>
      <p>{PROFILE_SETTINGS_TEXT.intro}</p>
      <ProfileSettingsForm onDone={onDone} />
    </>
  );
}
