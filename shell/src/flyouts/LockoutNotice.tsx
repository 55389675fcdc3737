/**
 * The site shell's lockout text (site spec §8) followed by its service link: 'Your account is
 * blocked, please wait {time} to unlock and try again.' then "Contact Customer Service". The time
 * follows the unlock-time display rule (site §9, formatUnlockTime): 3600 s or more in hours, 60 to
 * 3599 s in minutes, below 60 s in seconds. A span, so it can sit inside the caller's alert.
 */
import { siteLockoutMessage } from 'shared-contracts';

export const CUSTOMER_SERVICE_HREF = '/subscriber-help#contact-customer-service';

export function LockoutNotice({ seconds }: { seconds: number }) {
  return (
    <span className="lockout-notice">
      {siteLockoutMessage(seconds)} <a href={CUSTOMER_SERVICE_HREF}>Contact Customer Service</a>
    </span>
  );
}
