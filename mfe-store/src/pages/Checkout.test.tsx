import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShippingMethod } from 'shared-contracts/commerce';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import StoreApp from '../StoreApp';
import { address, cart, dataLayerEvents, emptyCart, listen, order, renderAt, signIn, signOut, stopListening } from '../testing/fixtures';
import { clearStateLists } from '../components/checkout/AddressFields';

const CART = 'GET /api/shopping-cart';
const STATES_US = 'GET /api/commerce/state-province/US';
const ESTIMATE = 'POST /api/shopping-cart/estimate';
const SAVE = 'POST /api/commerce/shipping-payment';
const SUBMIT = 'POST /api/commerce/order/submit';
const methods: ShippingMethod[] = [
  { code: 'STANDARD', label: 'Standard', costCents: 500 },
  { code: 'EXPEDITED', label: 'Expedited', costCents: 1500 },
];
const estimate = { shippingMethods: methods, subTotalCents: 129440, discountCents: 0, taxCents: 0, shippingCostCents: 500, grandTotalCents: 129940 };
const states = {
  countryCode: 'US',
  states: [
    { code: 'MA', name: 'Massachusetts' },
    { code: 'NY', name: 'New York' },
  ],
};

beforeEach(() => {
  window.dataLayer = [];
  clearStateLists();
  signIn();
  document.cookie = 'subscription_order=; Max-Age=0; Path=/';
});
afterEach(() => {
  stopListening();
  signOut();
});

describe('ShippingPaymentPage', () => {
  it('asks a guest to sign in', async () => {
    signOut();
    renderAt('/shipping-payment', <StoreApp />);
    expect(await screen.findByText('Sign in or register to check out.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping and Payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeInTheDocument();
  });

  it('lists US states, offers the estimated methods, toggles billing, and sends the form', async () => {
    const api = mockApiRoutes({
      [CART]: { body: cart({ shippingMethod: 'EXPEDITED' }) },
      [STATES_US]: { body: states },
      [ESTIMATE]: { body: estimate },
      [SAVE]: { body: cart({ shippingMethod: 'EXPEDITED', payment: { brand: 'Visa', last4: '4242' } }) },
    });
    renderAt('/shipping-payment', <StoreApp />);
    const shipping = await screen.findByRole('group', { name: 'Shipping address' });
    const stateSelect = within(shipping).getByRole('combobox', { name: 'State/Province' });
    await within(stateSelect).findByRole('option', { name: 'Massachusetts' });
    await userEvent.type(within(shipping).getByRole('textbox', { name: 'First name' }), 'Ada');
    await userEvent.type(within(shipping).getByRole('textbox', { name: 'Last name' }), 'Reader');
    await userEvent.type(within(shipping).getByRole('textbox', { name: 'Address line 1' }), '1 Main St');
    await userEvent.type(within(shipping).getByRole('textbox', { name: 'City' }), 'Boston');
    await userEvent.selectOptions(stateSelect, 'MA');
    await userEvent.type(within(shipping).getByRole('textbox', { name: 'Postal code' }), '02134');
    expect(await screen.findByRole('radio', { name: 'Expedited, $15.00' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Standard, $5.00' })).not.toBeChecked();
    expect(api.sent(ESTIMATE)).toContainEqual({ countryCode: 'US', state: 'MA' });

    const same = screen.getByRole('checkbox', { name: 'Billing address same as shipping' });
    expect(same).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Billing address' })).not.toBeInTheDocument();
    await userEvent.click(same);
    expect(screen.getByRole('group', { name: 'Billing address' })).toBeInTheDocument();
    await userEvent.click(same);

    // Another country: the state is free text.
    await userEvent.selectOptions(within(shipping).getByRole('combobox', { name: 'Country' }), 'GB');
    expect(within(shipping).getByRole('textbox', { name: 'State/Province' })).toBeInTheDocument();
    await userEvent.selectOptions(within(shipping).getByRole('combobox', { name: 'Country' }), 'US');
    await userEvent.selectOptions(await within(shipping).findByRole('combobox', { name: 'State/Province' }), 'MA');

    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('autocomplete', 'cc-number');
    await userEvent.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry month' }), '12');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry year' }), '30');
    await userEvent.type(screen.getByRole('textbox', { name: 'Security code' }), '123');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name on card' }), 'Ada Reader');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to review' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/review-order'));
    expect(api.sent(SAVE)).toEqual([
      {
        shippingAddress: { ...address, countryCode: 'US' },
        billingAddress: null,
        billingSameAsShipping: true,
        shippingMethod: 'EXPEDITED',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', nameOnCard: 'Ada Reader' },
      },
    ]);
    expect(dataLayerEvents()).toEqual(['add_shipping_info', 'add_payment_info']);
    await screen.findByRole('heading', { level: 1, name: 'Review Order' });
  });

  it('shows the server field errors next to their fields and a summary', async () => {
    mockApiRoutes({
      [CART]: { body: cart({ shippingAddress: address, billingAddress: null, shippingMethods: methods, shippingMethod: 'STANDARD' }) },
      [STATES_US]: { body: states },
      [ESTIMATE]: { body: estimate },
      [SAVE]: {
        status: 400,
        body: {
          message: 'Please correct the highlighted fields.',
          errors: [
            { field: 'shippingAddress.postalCode', errorMessage: 'Enter a valid postal code.' },
            { field: 'card.number', errorMessage: 'Enter a valid card number.' },
          ],
        },
      },
    });
    renderAt('/shipping-payment', <StoreApp />);
    const shipping = await screen.findByRole('group', { name: 'Shipping address' });
    expect(within(shipping).getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to review' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Please correct the highlighted fields.');
    expect(summary).toHaveTextContent('Enter a valid postal code.');
    const postal = within(shipping).getByRole('textbox', { name: 'Postal code' });
    expect(postal).toHaveAttribute('aria-invalid', 'true');
    expect(postal).toHaveAccessibleDescription('Enter a valid postal code.');
    const number = screen.getByRole('textbox', { name: 'Card number' });
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Enter a valid card number.');
    expect(within(shipping).getByRole('textbox', { name: 'City' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('location')).toHaveTextContent('/shipping-payment');
  });

  it('asks only for a billing address when nothing ships', async () => {
    mockApiRoutes({ [CART]: { body: cart({ needsShipping: false }) }, [STATES_US]: { body: states } });
    renderAt('/shipping-payment', <StoreApp />);
    expect(await screen.findByRole('group', { name: 'Billing address' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Shipping address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

const ready = () =>
  cart({
    shippingAddress: address,
    shippingMethods: methods,
    shippingMethod: 'STANDARD',
    payment: { brand: 'Visa', last4: '4242' },
    shippingCostCents: 500,
    grandTotalCents: 129940,
  });

describe('ReviewOrderPage', () => {
  it('shows the lines, addresses, method, card and totals with an Edit link', async () => {
    mockApiRoutes({ [CART]: { body: ready() } });
    renderAt('/review-order', <StoreApp />);
    expect(await screen.findByText('Card ending in 4242 (Visa)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Review Order' })).toBeInTheDocument();
    expect(screen.getByText('Standard, $5.00')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('1 Main St');
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent('The Strategy Playbook');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/shipping-payment');
    expect(screen.getByText('$1,299.40')).toBeInTheDocument();
  });

  it('keeps the cart on a decline and links back to the payment details', async () => {
    const api = mockApiRoutes({
      [CART]: { body: ready() },
      [SUBMIT]: { status: 402, body: { message: 'Your card was declined. Your cart has not changed; try another card.' } },
    });
    const updates = listen('cart:updated');
    renderAt('/review-order', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined. Your cart has not changed; try another card.');
    expect(within(alert).getByRole('link', { name: 'Change payment details' })).toHaveAttribute('href', '/shipping-payment');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(updates).toEqual([]);
    expect(api.urls(SUBMIT)).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/review-order');
  });

  it('places a subscription order: Processing..., the cookie, cart:updated 0, purchase, the receipt', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const placed = order({ id: 'o77', subscription: { roleCode: 'ROLE_HBRG_GOOD', accountNumber: 'A123' } });
    mockApiRoutes({
      [CART]: { body: ready() },
      [SUBMIT]: async () => {
        await gate;
        return { body: placed };
      },
      'GET /api/commerce/order/o77': { body: placed },
    });
    const updates = listen('cart:updated');
    renderAt('/review-order', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(screen.getByRole('dialog', { name: 'Processing...' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o77?receipt=true'));
    expect(document.cookie).toContain('subscription_order=o77');
    expect(updates).toEqual([{ count: 0 }]);
    expect(dataLayerEvents()).toEqual(['purchase']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order M-20260105-4F7K2' })).toBeInTheDocument();
  });

  it('shows the empty cart', async () => {
    mockApiRoutes({ [CART]: { body: emptyCart() } });
    renderAt('/review-order', <StoreApp />);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });
});
