import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bus, userStore, type EventMap, type User } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { App } from '../App';
import { mockApi, resetAuthTestState, type Answer } from '../auth/testing';
import { AccountPage } from './AccountPage';

jest.mock('../RemoteSlot', () => ({ RemoteSlot: () => null, SlotFallback: () => null }));

const SUBSCRIPTION = {
  subscriptionSourceCode: 'CDS_US',
  subscriptionStatus: 'ACTIVE',
  timesRenewed: 2,
  orderValue: 119,
  country: 'US',
  termTitle: 'Best Subscription, 12 months',
  accountNumber: '700000103',
  mostRecentPurchaseDate: '2025-01-15T14:00:00.000Z',
  firstPurchaseDate: '2023-01-15T14:00:00.000Z',
  subscriptionAccessPeriod: { startDate: '2025-01-15T14:00:00.000Z', expirationDate: '2026-01-15T14:00:00.000Z' },
};

/** A Best subscriber whose newest grant is an access code: the paid subscription is the one shown. */
function subscriber(over: Partial<User> = {}): User {
  return sampleUser({
    firstName: 'Sam',
    lastName: 'Best',
    emailAddress: 'sam@example.com',
    status: 'subscriber',
    state: 'subscribers',
    tiers: [{ roleCode: 'ROLE_HBRG_BEST' }],
    tier: { roleCode: 'ROLE_HBRG_BEST', label: 'Best', caption: 'Premium' },
    industry: 'Media',
    jobTitle: 'Analyst',
    companySize: null,
    subscriber: {
      accountNumber: '700000103',
      digest: 'd1',
      subscriptions: [
        {
          ...SUBSCRIPTION,
          subscriptionSourceCode: 'ACCESS_CODE',
          termTitle: 'Access code grant',
          accountNumber: 'AC-1',
          timesRenewed: 0,
        },
        SUBSCRIPTION,
      ],
    },
    ...over,
  });
}

const ORDERS = {
  orders: [
    {
      id: 'o-2',
      orderNumber: 'M-20250520-ABCDE',
      title: 'Good Book and 6 more',
      createdAt: '2025-05-20T16:00:00.000Z',
      grandTotalCents: 123450,
      itemCount: 7,
      status: 'Purchased',
      orderUrl: '/order/o-2',
      receiptUrl: '/order/o-2?receipt=true',
    },
    {
      id: 'o-1',
      orderNumber: 'M-20250303-XYZ23',
      title: 'Another Book',
      createdAt: '2025-03-03T10:00:00.000Z',
      grandTotalCents: 2999,
      itemCount: 1,
      status: 'Cancelled',
      orderUrl: '/order/o-1',
      receiptUrl: '/order/o-1?receipt=true',
    },
  ],
  total: 2,
  maintenance: false,
};

const NEWSLETTERS = [
  { id: 'n1', kind: 'newsletter', name: 'The Daily Brief', description: '', frequency: 'Daily', subscriberOnly: false },
  { id: 'n2', kind: 'newsletter', name: 'Leadership Weekly', description: '', frequency: 'Weekly', subscriberOnly: false },
  { id: 'c1', kind: 'marketingCampaign', name: 'Special Offers', description: '', frequency: 'Monthly', subscriberOnly: false },
];

function api(routes: Record<string, Answer | ((r: { url: URL; body: unknown }) => Answer)> = {}) {
  return mockApi({
    'GET /service/user/orders': { body: ORDERS },
    'GET /api/newsletters': { body: NEWSLETTERS },
    'GET /service/user/newsletters': { body: { newsletters: ['n2'], marketingCampaigns: [{ marketingCampaignId: 'c1' }] } },
    ...routes,
  });
}

function renderPage(user: User | null) {
  act(() => userStore.getState().setUser(user));
  return render(
    <MemoryRouter initialEntries={['/my-account']}>
      <Routes>
        <Route path="/my-account" element={<AccountPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  resetAuthTestState();
  localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('/my-account', () => {
  it('is a shell page of its own chunk, in main#main', async () => {
    api();
    act(() => userStore.getState().setUser(subscriber()));
    render(
      <MemoryRouter initialEntries={['/my-account']}>
        <App />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('asks a guest to sign in, and loads nothing of an account', async () => {
    const sent = api();
    renderPage(null);
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    expect(screen.getByText(/To access this feature, please/)).toHaveTextContent('To access this feature, please SIGN IN or REGISTER');
    const opened: EventMap['auth:open'][] = [];
    const off = bus.on('auth:open', (p) => opened.push(p));
    await userEvent.click(screen.getByRole('button', { name: 'SIGN IN' }));
    off();
    expect(opened).toEqual([{ screen: 'signin' }]);
    expect(screen.getByRole('link', { name: 'REGISTER' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('region', { name: 'Orders' })).not.toBeInTheDocument();
    expect(sent.urls('GET /service/user/orders')).toHaveLength(0);
  });

  it("shows a subscriber's tier and caption, term, account number, status, dates and renewals of the paid subscription", () => {
    api();
    renderPage(subscriber());
    const facts = within(section('Subscription'));
    const fact = (term: string) => facts.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Subscription')).toHaveTextContent('Best (Premium)');
    expect(fact('Term')).toHaveTextContent('Best Subscription, 12 months');
    expect(fact('Account number')).toHaveTextContent('700000103');
    expect(fact('Status')).toHaveTextContent('Active');
    expect(fact('Start date')).toHaveTextContent('January 15, 2025');
    expect(fact('Expiration date')).toHaveTextContent('January 15, 2026');
    expect(fact('Renewals')).toHaveTextContent('Renewed 2 times');
    expect(facts.queryByText('Access code grant')).not.toBeInTheDocument();
    expect(facts.queryByRole('link', { name: 'See subscription offers' })).not.toBeInTheDocument();
  });

  it('shows no caption for a tier without one', () => {
    api();
    renderPage(subscriber({ tier: { roleCode: 'ROLE_HBRG_EXECUTIVE', label: 'Executive', caption: null } }));
    const facts = within(section('Subscription'));
    expect(facts.getByText('Subscription', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^Executive$/);
  });

  it('offers a registered reader the subscription offers', () => {
    api();
    renderPage(sampleUser());
    const sub = within(section('Subscription'));
    expect(sub.getByText('You do not have a subscription.')).toBeVisible();
    expect(sub.getByRole('link', { name: 'See subscription offers' })).toHaveAttribute('href', '/subscriptions');
    expect(sub.queryByText('Account number')).not.toBeInTheDocument();
  });

  it('lists the orders with number, date, total and status, each linking to its page and its receipt', async () => {
    api();
    renderPage(subscriber());
    const orders = within(section('Orders'));
    const first = await orders.findByRole('link', { name: 'Order M-20250520-ABCDE' });
    expect(first).toHaveAttribute('href', '/order/o-2');
    expect(orders.getByRole('link', { name: 'Receipt for order M-20250520-ABCDE' })).toHaveAttribute('href', '/order/o-2?receipt=true');
    expect(orders.getByRole('link', { name: 'Receipt for order M-20250303-XYZ23' })).toHaveAttribute('href', '/order/o-1?receipt=true');
    const items = orders.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('DateMay 20, 2025');
    expect(items[0]).toHaveTextContent('Total$1,234.50');
    expect(items[0]).toHaveTextContent('StatusPurchased');
    expect(items[1]).toHaveTextContent('Total$29.99');
    expect(items[1]).toHaveTextContent('StatusCancelled');
    expect(orders.queryByRole('link', { name: 'All orders in My Library' })).not.toBeInTheDocument();
  });

  it('points to My Library when there are more orders than listed', async () => {
    api({ 'GET /service/user/orders': { body: { ...ORDERS, total: 25 } } });
    renderPage(subscriber());
    const orders = within(section('Orders'));
    expect(await orders.findByText(/Showing your 2 latest of 25 orders\./)).toBeVisible();
    expect(orders.getByRole('link', { name: 'All orders in My Library' })).toHaveAttribute('href', '/my-library?tab=ordered');
  });

  it('says when there are no orders, when history is offline for maintenance, and when the list failed', async () => {
    api({ 'GET /service/user/orders': { body: { orders: [], total: 0, maintenance: false } } });
    const { unmount } = renderPage(sampleUser());
    expect(await within(section('Orders')).findByText(/You have not placed any orders\./)).toBeVisible();
    expect(within(section('Orders')).getByRole('link', { name: 'Visit the store' })).toHaveAttribute('href', '/store');
    unmount();

    api({ 'GET /service/user/orders': { body: { orders: [], total: 0, maintenance: true } } });
    const view = renderPage(sampleUser({ id: 'u2' }));
    expect(
      await within(section('Orders')).findByText(
        "Site is in maintenance mode. We're migrating to our new store! Ordering and order history will be unavailable between 7:30am and 10am EST.",
      ),
    ).toBeVisible();
    view.unmount();

    api({ 'GET /service/user/orders': { status: 500, body: { message: 'boom' } } });
    renderPage(sampleUser({ id: 'u3' }));
    expect(await within(section('Orders')).findByRole('alert')).toHaveTextContent('We could not load your orders. Please try again later.');
  });

  it('lists the newsletters and campaigns the reader receives, with the way to manage them', async () => {
    api();
    renderPage(subscriber());
    const letters = within(section('Newsletters'));
    expect(await letters.findByText('Leadership Weekly')).toBeVisible();
    expect(letters.getByText('Special Offers')).toBeVisible();
    expect(letters.queryByText('The Daily Brief')).not.toBeInTheDocument();
    expect(letters.getByRole('link', { name: 'Manage newsletters' })).toHaveAttribute('href', '/email-newsletters');
  });

  it('says when the reader receives no newsletters', async () => {
    api({ 'GET /service/user/newsletters': { body: { newsletters: [], marketingCampaigns: [] } } });
    renderPage(sampleUser());
    expect(await within(section('Newsletters')).findByText('You are not subscribed to any newsletters.')).toBeVisible();
  });
});

describe('profile settings', () => {
  it("shows the reader's choices and saves a change, keeping the answered user in the store", async () => {
    const saved = sampleUser({ id: 'u1', industry: 'Media', jobTitle: 'Consultant', companySize: '5 to 99' });
    const sent = api({ 'POST /service/user/profile': { body: saved } });
    renderPage(sampleUser({ industry: 'Media', jobTitle: 'Analyst' }));
    const profile = within(section('Profile settings'));
    expect(profile.getByRole('combobox', { name: 'Industry' })).toHaveValue('Media');
    expect(profile.getByRole('combobox', { name: 'Job title' })).toHaveValue('Analyst');
    expect(profile.getByRole('combobox', { name: 'Company size' })).toHaveValue('');
    // Every option of the spec's lists, after a blank choice.
    expect(profile.getAllByRole('option', { name: /./ }).length).toBeGreaterThanOrEqual(13 + 8 + 24);

    await userEvent.selectOptions(profile.getByRole('combobox', { name: 'Job title' }), 'Consultant');
    await userEvent.selectOptions(profile.getByRole('combobox', { name: 'Company size' }), '5 to 99');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByRole('status')).toHaveTextContent('Your profile settings are saved.');
    // Only what the reader changed: a change made in another tab is not overwritten.
    expect(sent.sent('POST /service/user/profile')).toEqual([
      {
        attributes: [
          { name: 'jobTitle', value: 'Consultant' },
          { name: 'companySize', value: '5 to 99' },
        ],
      },
    ]);
    expect(userStore.getState().user).toMatchObject({ jobTitle: 'Consultant', companySize: '5 to 99' });

    // The blank choice clears a setting; saving with nothing changed asks nothing.
    await userEvent.selectOptions(profile.getByRole('combobox', { name: 'Industry' }), '');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sent.sent('POST /service/user/profile')).toHaveLength(2));
    expect(sent.sent('POST /service/user/profile')[1]).toEqual({ attributes: [{ name: 'industry', value: '' }] });
  });

  it('shows the server refusal of a value', async () => {
    api({
      'POST /service/user/profile': {
        status: 400,
        body: { message: 'Please select a valid value', errors: [{ field: 'industry', errorMessage: 'Please select a valid value' }] },
      },
    });
    renderPage(sampleUser());
    const profile = within(section('Profile settings'));
    await userEvent.selectOptions(profile.getByRole('combobox', { name: 'Industry' }), 'Media');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByRole('alert')).toHaveTextContent('Please select a valid value');
    expect(profile.getByRole('status')).toHaveTextContent('');
  });
});

describe('email change', () => {
  const form = () => within(section('Email address'));

  it('checks the fields before asking: a valid, different address and the current password', async () => {
    const sent = api();
    renderPage(sampleUser());
    expect(form().getByText('You sign in with ada@example.com.')).toBeVisible();
    await userEvent.click(form().getByRole('button', { name: 'Change email' }));
    expect(form().getByLabelText('New email address')).toHaveAccessibleDescription('This field is required.');
    expect(form().getByLabelText('Current password')).toHaveAccessibleDescription('Current Password is required');
    expect(form().getByLabelText('New email address')).toHaveFocus();
    await userEvent.type(form().getByLabelText('New email address'), 'ADA@example.com');
    await userEvent.type(form().getByLabelText('Current password'), 'Reader#2025pass');
    await userEvent.click(form().getByRole('button', { name: 'Change email' }));
    expect(form().getByLabelText('New email address')).toHaveAccessibleDescription('This is already your email address.');
    expect(sent.sent('POST /service/user/profile')).toEqual([]);
  });

  it('sends the address with the current password and says a link was mailed; the address shown stays', async () => {
    const sent = api({ 'POST /service/user/profile': { body: sampleUser() } });
    renderPage(sampleUser());
    await userEvent.type(form().getByLabelText('New email address'), 'ada.new@example.com');
    await userEvent.type(form().getByLabelText('Current password'), 'Reader#2025pass');
    await userEvent.click(form().getByRole('button', { name: 'Change email' }));
    expect(await form().findByText(/We sent a link to ada\.new@example\.com\./)).toHaveTextContent(
      'We sent a link to ada.new@example.com. Your address changes when you follow it; until then you sign in with ada@example.com.',
    );
    expect(sent.sent('POST /service/user/profile')).toEqual([{ emailAddress: 'ada.new@example.com', currentPassword: 'Reader#2025pass' }]);
    expect(form().getByLabelText('Current password')).toHaveValue('');
    expect(form().getByText('You sign in with ada@example.com.')).toBeVisible();
  });

  it("shows the server's 'Current Password is invalid' on the password and the taken address on the email", async () => {
    api({
      'POST /service/user/profile': ({ body }) =>
        (body as { emailAddress: string }).emailAddress === 'taken@example.com'
          ? { status: 409, body: { message: 'That username is unavailable. Sign in or choose another email address.' } }
          : {
              status: 400,
              body: { message: 'Current Password is invalid', errors: [{ field: 'currentPassword', errorMessage: 'Current Password is invalid' }] },
            },
    });
    renderPage(sampleUser());
    await userEvent.type(form().getByLabelText('New email address'), 'other@example.com');
    await userEvent.type(form().getByLabelText('Current password'), 'Wrong#password1');
    await userEvent.click(form().getByRole('button', { name: 'Change email' }));
    await waitFor(() => expect(form().getByLabelText('Current password')).toHaveAccessibleDescription('Current Password is invalid'));
    expect(form().getByLabelText('Current password')).toHaveFocus();
    expect(form().queryByText(/We sent a link/)).not.toBeInTheDocument();

    await userEvent.clear(form().getByLabelText('New email address'));
    await userEvent.type(form().getByLabelText('New email address'), 'taken@example.com');
    await userEvent.click(form().getByRole('button', { name: 'Change email' }));
    await waitFor(() =>
      expect(form().getByLabelText('New email address')).toHaveAccessibleDescription('That username is unavailable. Sign in or choose another email address.'),
    );
  });

  it('tells a reader whose address is not confirmed yet', () => {
    api();
    renderPage(sampleUser({ emailVerified: false }));
    expect(form().getByText('This address is not confirmed yet: follow the link we mailed to it.')).toBeVisible();
  });
});

describe('password change', () => {
  const form = () => within(section('Password'));

  it("applies the flyout's rules before asking", async () => {
    const sent = api();
    renderPage(sampleUser());
    await userEvent.type(form().getByLabelText('New password'), 'Fresh#Pass2026');
    await userEvent.type(form().getByLabelText('Confirm password'), 'Fresh#Pass2027');
    await userEvent.click(form().getByRole('button', { name: 'Change password' }));
    expect(form().getByLabelText('Current password')).toHaveAccessibleDescription('Current Password is required');
    expect(form().getByLabelText('Confirm password')).toHaveAccessibleDescription('New Password and Confirm Password do not match');
    expect(form().getByLabelText('Current password')).toHaveFocus();
    expect(sent.sent('POST /service/user/password')).toEqual([]);
  });

  it("says 'Password successfully changed.' and empties the fields; a wrong current password is 'Current Password is invalid'", async () => {
    let wrong = true;
    const sent = api({
      'POST /service/user/password': () =>
        wrong
          ? { status: 400, body: { message: 'Current Password is invalid', errors: [{ field: 'current', errorMessage: 'Current Password is invalid' }] } }
          : { body: { message: 'Password successfully changed.' } },
    });
    renderPage(sampleUser());
    await userEvent.type(form().getByLabelText('Current password'), 'Wrong#password1');
    await userEvent.type(form().getByLabelText('New password'), 'Fresh#Pass2026');
    await userEvent.type(form().getByLabelText('Confirm password'), 'Fresh#Pass2026');
    await userEvent.click(form().getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(form().getByLabelText('Current password')).toHaveAccessibleDescription('Current Password is invalid'));

    wrong = false;
    await userEvent.clear(form().getByLabelText('Current password'));
    await userEvent.type(form().getByLabelText('Current password'), 'Reader#2025pass');
    await userEvent.click(form().getByRole('button', { name: 'Change password' }));
    expect(await form().findByText('Password successfully changed.')).toBeVisible();
    expect(form().getByLabelText('New password')).toHaveValue('');
    expect(sent.sent('POST /service/user/password').at(-1)).toEqual({ current: 'Reader#2025pass', password: 'Fresh#Pass2026' });
  });
});
