import { completeSubscriptionOrder, rememberSubscriptionOrder, type CookieJar } from './subscription-activation';
import { SUBSCRIPTION_ORDER_COOKIE, hasSubscriptionOrder } from './subscription-order';
import { sampleUser } from './testing';

function jar(initial: Record<string, string> = {}): CookieJar & { values: Map<string, string>; maxAge: Map<string, number> } {
  const values = new Map(Object.entries(initial));
  const maxAge = new Map<string, number>();
  return {
    values,
    maxAge,
    get: (name) => values.get(name) ?? null,
    set: (name, value, seconds) => {
      values.set(name, value);
      maxAge.set(name, seconds);
    },
    remove: (name) => void values.delete(name),
  };
}

describe('subscription order cookie', () => {
  it('is set for 7 days with the order id', () => {
    const cookies = jar();
    rememberSubscriptionOrder('o-1', cookies);
    expect(cookies.values.get(SUBSCRIPTION_ORDER_COOKIE)).toBe('o-1');
    expect(cookies.maxAge.get(SUBSCRIPTION_ORDER_COOKIE)).toBe(7 * 24 * 3600);
  });

  it('is seen by name among the document cookies', () => {
    expect(hasSubscriptionOrder('a=1; subscription_order=o-1; b=2')).toBe(true);
    expect(hasSubscriptionOrder('a=1; not_subscription_order=o-1')).toBe(false);
    expect(hasSubscriptionOrder('')).toBe(false);
  });

  it('does nothing without the cookie', async () => {
    const checkoutComplete = jest.fn();
    const outcome = await completeSubscriptionOrder({ cookies: jar(), checkoutComplete, currentUser: () => sampleUser(), setUser: jest.fn(), log: jest.fn() });
    expect(outcome).toBe('none');
    expect(checkoutComplete).not.toHaveBeenCalled();
  });

  it('completes activation for a member, stores the subscriber and deletes the cookie', async () => {
    const cookies = jar({ [SUBSCRIPTION_ORDER_COOKIE]: 'o-1' });
    const subscriber = sampleUser({ status: 'subscriber' });
    const setUser = jest.fn();
    const log = jest.fn();
    const outcome = await completeSubscriptionOrder({ cookies, checkoutComplete: async () => subscriber, currentUser: () => sampleUser(), setUser, log });
    expect(outcome).toBe('activated');
    expect(setUser).toHaveBeenCalledWith(subscriber);
    expect(cookies.values.has(SUBSCRIPTION_ORDER_COOKIE)).toBe(false);
    expect(log).toHaveBeenCalledWith('subscription order: activation complete', expect.objectContaining({ orderId: 'o-1' }));
  });

  it('only logs a failure, keeping the cookie for the next load', async () => {
    const cookies = jar({ [SUBSCRIPTION_ORDER_COOKIE]: 'o-1' });
    const setUser = jest.fn();
    const log = jest.fn();
    const outcome = await completeSubscriptionOrder({
      cookies,
      checkoutComplete: () => Promise.reject(new Error('down')),
      currentUser: () => sampleUser(),
      setUser,
      log,
    });
    expect(outcome).toBe('failed');
    expect(setUser).not.toHaveBeenCalled();
    expect(cookies.values.get(SUBSCRIPTION_ORDER_COOKIE)).toBe('o-1');
    expect(log).toHaveBeenCalledWith('subscription order: activation failed', expect.objectContaining({ error: 'down' }));
  });

  it('waits for a signed-in load when the page is a guest', async () => {
    const cookies = jar({ [SUBSCRIPTION_ORDER_COOKIE]: 'o-1' });
    const checkoutComplete = jest.fn();
    const outcome = await completeSubscriptionOrder({ cookies, checkoutComplete, currentUser: () => null, setUser: jest.fn(), log: jest.fn() });
    expect(outcome).toBe('guest');
    expect(checkoutComplete).not.toHaveBeenCalled();
    expect(cookies.values.has(SUBSCRIPTION_ORDER_COOKIE)).toBe(true);
  });
});
