import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApiRoutes, sampleUser } from 'shared-contracts/src/testing';
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
  ],
};

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
    expect(within(good).getByText('Unlimited articles')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Better' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/shopping-cart');
    expect(api.sent('POST /api/shopping-cart')).toEqual([{ items: [{ availabilityId: 'SUB-BETTER', quantity: 1, referral: '02749' }] }]);
    await screen.findByRole('region', { name: 'Shipped items' });
  });

  it('tells a subscriber they already subscribe, without Subscribe buttons', async () => {
    mockApiRoutes({ 'GET /api/store/subscriptions': { body: offers } });
    signIn(sampleUser({ status: 'subscriber', tier: { roleCode: 'ROLE_HBRG_GOOD', label: 'Good', caption: 'Digital' } }));
    renderAt('/subscriptions', <StoreApp />);
    expect(await screen.findByText('You are already a subscriber.')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Good' });
    expect(screen.queryByRole('button', { name: /Subscribe to/ })).not.toBeInTheDocument();
  });
});
