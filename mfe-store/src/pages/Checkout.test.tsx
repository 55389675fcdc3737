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
    expect(api.sent(ESTIMATE)).toContainEqual({ countryCode: 'US', state: 'MA', shippingMethod: 'EXPEDITED' });

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
    // The GOV.UK error summary: its own heading, each error once as a link to its field, and the focus.
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading', { level: 2, name: 'There is a problem' })).toBeInTheDocument();
    expect(summary).not.toHaveTextContent('Please correct the highlighted fields.');
    const links = within(summary).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Enter a valid postal code.', 'Enter a valid card number.']);
    expect(links[0]).toHaveAttribute('href', `#${within(shipping).getByRole('textbox', { name: 'Postal code' }).id}`);
    await userEvent.click(links[1]!);
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveFocus();
    const postal = within(shipping).getByRole('textbox', { name: 'Postal code' });
    expect(postal).toHaveAttribute('aria-invalid', 'true');
    expect(postal).toHaveAccessibleDescription('Enter a valid postal code.');
    const number = screen.getByRole('textbox', { name: 'Card number' });
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Enter a valid card number.');
    expect(within(shipping).getByRole('textbox', { name: 'City' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('location')).toHaveTextContent('/shipping-payment');
  });

  it('summarises the totals of the chosen shipping method, asked again when the choice changes', async () => {
    const cost = { STANDARD: 500, EXPEDITED: 1500 } as const;
    const api = mockApiRoutes({
      [CART]: { body: cart({ shippingAddress: address, shippingMethods: methods, shippingMethod: null, shippingCostCents: 0, grandTotalCents: 129440 }) },
      [STATES_US]: { body: states },
      [ESTIMATE]: ({ body }) => {
        const method = (body as { shippingMethod?: keyof typeof cost }).shippingMethod;
        const shippingCostCents = method ? cost[method] : 0;
        return { body: { ...estimate, taxCents: 100, shippingCostCents, grandTotalCents: 129440 + 100 + shippingCostCents } };
      },
    });
    renderAt('/shipping-payment', <StoreApp />);
    const summary = await screen.findByLabelText('Order summary');
    // Standard is preselected, and the summary counts it.
    expect(await screen.findByRole('radio', { name: 'Standard, $5.00' })).toBeChecked();
    await waitFor(() => expect(summary).toHaveTextContent('Shipping$5.00'));
    expect(summary).toHaveTextContent('Total$1,300.40');
    await userEvent.click(screen.getByRole('radio', { name: 'Expedited, $15.00' }));
    await waitFor(() => expect(summary).toHaveTextContent('Shipping$15.00'));
    expect(summary).toHaveTextContent('Tax$1.00');
    expect(summary).toHaveTextContent('Total$1,310.40');
    expect(api.sent(ESTIMATE).at(-1)).toEqual({ countryCode: 'US', state: 'MA', postalCode: '02134', shippingMethod: 'EXPEDITED' });
  });

  it('says the tax is calculated from the address until a state is chosen', async () => {
    mockApiRoutes({ [CART]: { body: cart() }, [STATES_US]: { body: states }, [ESTIMATE]: { body: estimate } });
    renderAt('/shipping-payment', <StoreApp />);
    const summary = await screen.findByLabelText('Order summary');
    expect(summary).toHaveTextContent('TaxCalculated from your address');
  });

  it('gives blank expiry fields their own errors, linked from the summary', async () => {
    mockApiRoutes({
      [CART]: { body: cart({ shippingAddress: address, shippingMethods: methods, shippingMethod: 'STANDARD' }) },
      [STATES_US]: { body: states },
      [ESTIMATE]: { body: estimate },
      [SAVE]: {
        status: 400,
        body: {
          message: 'Enter the expiry month.',
          errors: [
            { field: 'card.expMonth', errorMessage: 'Enter the expiry month.' },
            { field: 'card.expYear', errorMessage: 'Enter the expiry year.' },
          ],
        },
      },
    });
    renderAt('/shipping-payment', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to review' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Enter the expiry month.', 'Enter the expiry year.']);
    expect(screen.getByRole('textbox', { name: 'Expiry month' })).toHaveAccessibleDescription('Enter the expiry month.');
    expect(screen.getByRole('textbox', { name: 'Expiry year' })).toHaveAccessibleDescription('Enter the expiry year.');
    await userEvent.click(within(summary).getByRole('link', { name: 'Enter the expiry year.' }));
    expect(screen.getByRole('textbox', { name: 'Expiry year' })).toHaveFocus();
  });

  it('arriving at #payment (from a declined card) focuses the card number', async () => {
    mockApiRoutes({
      [CART]: { body: cart({ shippingAddress: address, shippingMethods: methods, shippingMethod: 'STANDARD' }) },
      [STATES_US]: { body: states },
    });
    renderAt('/shipping-payment#payment', <StoreApp />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveFocus());
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
    // An error summary at the top takes the focus; its link leads to the card fields.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveFocus();
    expect(within(alert).getByRole('heading', { level: 2, name: 'There is a problem' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Your card was declined. Your cart has not changed; try another card.' })).toHaveAttribute(
      'href',
      '/shipping-payment#payment',
    );
    expect(screen.getByRole('button', { name: 'Place order' })).not.toHaveFocus();
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
    // The order page confirms the order just placed.
    const confirmation = await screen.findByRole('status');
    expect(within(confirmation).getByRole('heading', { level: 2, name: 'Order confirmed' })).toBeInTheDocument();
    expect(confirmation).toHaveTextContent('Thank you, your order M-20260105-4F7K2 is confirmed.');
  });

  it('sends a refused order for a changed cart back to the cart from the summary', async () => {
    mockApiRoutes({
      [CART]: { body: ready() },
      [SUBMIT]: { status: 409, body: { message: 'Your cart changed while the order was being placed. Please review it and try again.' } },
    });
    renderAt('/review-order', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/shopping-cart');
  });

  it('shows the empty cart', async () => {
    mockApiRoutes({ [CART]: { body: emptyCart() } });
    renderAt('/review-order', <StoreApp />);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });
});
