/**
 * Confirmation banner after registration (PAY-02, PAY-09): 'Your account has been created,
 * {email}'. Scrolling more than 250 px from where the page settled as it appeared dismisses it; on a paywalled page
 * the page then reloads so the gate reads the new account.
 */
import { useEffect, useRef } from 'react';
import { CONFIRMATION_BANNER_DISMISS_SCROLL_PX } from 'shared-contracts';
import { accountCreatedMessage } from 'shared-contracts/forms';
import { isPaywalledPage, nav } from './navigation';

export function RegistrationBanner({ email, onDismiss }: { email: string; onDismiss(): void }) {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    let start = 0;
    function onScroll() {
      if (Math.abs(window.scrollY - start) <= CONFIRMATION_BANNER_DISMISS_SCROLL_PX) return;
      window.removeEventListener('scroll', onScroll);
      dismiss.current();
      if (isPaywalledPage()) nav.reload();
    }
    // Where the reader is once the page has settled: the page's own jump as the dialog closes
    // (focus moving to the new heading) is not the reader's scrolling, or a phone reader who
    // scrolled down to the button would never see the banner.
    const frame = requestAnimationFrame(() => {
      start = window.scrollY;
      window.addEventListener('scroll', onScroll, { passive: true });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return (
    <div className="confirmation-banner" role="status">
      {accountCreatedMessage(email)}
    </div>
  );
}
