/**
 * Page navigations of the account flows, behind one object so tests can replace them
 * (`jest.spyOn(nav, 'reload')`) and jsdom never tries to navigate.
 */
export const nav = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The current URL with ?registration=success added (PAY-04: reload after a paywall registration). */
export function withQueryFlag(href: string, name: string, value: string): string {
  const url = new URL(href);
  url.searchParams.set(name, value);
  return url.toString();
}

/** True when the page shows a paywall gate in a state other than full content (PAY-02 banner rule). */
export function isPaywalledPage(doc: Document = document): boolean {
  const walls = ['registration-wall', 'subscription-wall', 'subscriber-panel'];
  return [...doc.querySelectorAll('[data-gate-state]')].some((el) => walls.includes(el.getAttribute('data-gate-state') ?? ''));
}
