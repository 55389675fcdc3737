/** The Shipping and Payment form as a shopper fills it (store and checkout journeys). */
import type { Locator, Page } from '@playwright/test';

/** A Boston address in an address group ('Shipping address', 'Billing address'). */
export async function fillAddress(group: Locator, who: { firstName: string; lastName: string }) {
  await group.getByLabel('First name').fill(who.firstName);
  await group.getByLabel('Last name').fill(who.lastName);
  await group.getByLabel('Address line 1').fill('60 Harvard Way');
  await group.getByLabel('City').fill('Boston');
  await group.getByLabel('Country').selectOption('US');
  await group.getByLabel('State/Province').selectOption('MA');
  await group.getByLabel('Postal code').fill('02163');
}

/** The card of the Payment group; an empty expiry leaves those fields blank. */
export async function fillCard(page: Page, number: string, expiry = { month: '12', year: '2034' }) {
  const payment = page.getByRole('group', { name: 'Payment' });
  await payment.getByLabel('Card number').fill(number);
  await payment.getByLabel('Expiry month').fill(expiry.month);
  await payment.getByLabel('Expiry year').fill(expiry.year);
  await payment.getByLabel('Security code').fill('123');
  await payment.getByLabel('Name on card').fill('Noor Haddad');
}

/** Checkout asks a guest to sign in: the dialog opened for it says so on its button (PAY-02), and it goes on to Shipping and Payment. */
export async function signInToCheckout(page: Page, account: { email: string; password: string }) {
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'On to checkout' }).click();
}
