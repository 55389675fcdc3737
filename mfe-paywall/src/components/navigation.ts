/**
 * Page navigations of the paywall, behind one object so tests can replace them
 * (`jest.spyOn(nav, 'assign')`) and jsdom never tries to navigate.
 */
import { REGISTRATION_SUCCESS_QUERY } from 'shared-contracts';

export const nav = {
  href(): string {
    return window.location.href;
  },
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The page's URL with registration=success added (PAY-04: reload after a paywall registration). */
export function registrationSuccessUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.set(REGISTRATION_SUCCESS_QUERY.name, REGISTRATION_SUCCESS_QUERY.value);
  return url.toString();
}
