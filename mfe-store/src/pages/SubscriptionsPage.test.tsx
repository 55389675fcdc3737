import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApiRoutes, sampleUser } from 'shared-contracts/src/testing';
import { GRANT_LABELS, TIER_BASE_INCLUDES } from 'shared-contracts/visual';
import StoreApp from '../StoreApp';
import { cart, line, renderAt, signIn, signOut } from '../testing/fixtures';

const offers = {
  offers: [
    {
      roleCode: 'ROLE_HBRG_GOOD',
      label: 'Good',
      caption: 'Digital',
      availabilityId: 'SUB-GOOD',
      title: 'Digital subscription',
      priceCents: 12000,
      term: 'year',
      features: ['Unlimited articles'],
    },
    {
      roleCode: 'ROLE_HBRG_BETTER',
      label: 'Better',
      caption: 'Digital + Print',
      availabilityId: 'SUB-BETTER',
      title: 'Digital + Print',
      priceCents: 18000,
      term: 'year',
      features: [],
    },
    {
      roleCode: 'ROLE_HBRG_EXECUTIVE',
      label: 'Executive',
      caption: null,
      availabilityId: 'SUB-EXECUTIVE',
      title: 'Executive',
      priceCents: 44900,
      term: 'year',
      features: [],
    },
  ],
};

/** The texts of a tier's 'includes' list. */
function includesOf(tier: string): string[] {
  return within(screen.getByRole('list', { name: `${tier} includes` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

afterEach(signOut);

describe('SubscriptionsPage', () => {
  it('lists the offers; Subscribe adds the tier and opens the cart', async () => {
    const api = mockApiRoutes({
      'GET /api/store/subscriptions': { body: offers },
      'POST /api/shopping-cart': {
        body: { itemAdded: true, items: [line({ type: 'subscription', lineType: 'SUBSCRIPTION' })], cart: cart(), maintenanceStatus: false },
      },
      'GET /api/shopping-cart': { body: cart() },
    });
    renderAt('/subscriptions', <StoreApp />);
    const good = (await screen.findByRole('heading', { level: 2, name: 'Good' })).closest('li')!;
    expect(good).toHaveTextContent('Digital');
    expect(good).toHaveTextContent('$120.00 per year');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Better' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/shopping-cart');
    expect(api.sent('POST /api/shopping-cart')).toEqual([{ items: [{ availabilityId: 'SUB-BETTER', quantity: 1, referral: '02749' }] }]);
    await screen.findByRole('region', { name: 'Shipped items' });
  });

  it('lists what each tier includes from the table the server enforces', async () => {
    mockApiRoutes({ 'GET /api/store/subscriptions': { body: offers } });
    renderAt('/subscriptions', <StoreApp />);
    await screen.findByRole('heading', { level: 2, name: 'Good' });
    expect(includesOf('Good')).toEqual([...TIER_BASE_INCLUDES]);
    expect(includesOf('Better')).toEqual([...TIER_BASE_INCLUDES, 'The Top 50 Articles in full']);
    expect(includesOf('Executive')).toEqual([
      ...TIER_BASE_INCLUDES,
      'Chart downloads from the Visual Library',
      'Case Selections: every case study in full',
      'The Top 50 Articles in full',
      'Executive-only articles',
    ]);
    // What the server sends as marketing copy is not what the page promises.
    expect(screen.queryByText('Unlimited articles')).not.toBeInTheDocument();
    expect(includesOf('Better')).not.toContain(GRANT_LABELS.PERM_CASES);
    expect(screen.queryByText('Your subscription')).not.toBeInTheDocument();
    // Each gated collection's line leads to its page.
    const executive = screen.getByRole('list', { name: 'Executive includes' });
    expect(within(executive).getByRole('link', { name: 'Case Selections: every case study in full' })).toHaveAttribute('href', '/case-selections');
    expect(within(executive).getByRole('link', { name: 'The Top 50 Articles in full' })).toHaveAttribute('href', '/top-50-articles');
  });

  it('tells a subscriber they already subscribe, without Subscribe buttons', async () => {
    mockApiRoutes({ 'GET /api/store/subscriptions': { body: offers } });
    signIn(sampleUser({ status: 'subscriber', tier: { roleCode: 'ROLE_HBRG_GOOD', label: 'Good', caption: 'Digital' } }));
    renderAt('/subscriptions', <StoreApp />);
    expect(await screen.findByText('You are already a subscriber.')).toBeInTheDocument();
    const good = (await screen.findByRole('heading', { level: 2, name: 'Good' })).closest('li')!;
    expect(screen.queryByRole('button', { name: /Subscribe to/ })).not.toBeInTheDocument();
    expect(within(good).getByText('Your subscription')).toBeInTheDocument();
    expect(screen.getAllByText('Your subscription')).toHaveLength(1);
  });
});
