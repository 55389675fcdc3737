import * as R from './server-rules';

describe('server-only rules', () => {
  it('quota defaults', () => {
    expect(R.DEFAULT_QUOTA_LIMIT).toBe(4);
    expect(R.DEFAULT_ASCEND_QUOTA_LIMIT).toBe(3);
  });
  it('lockout, tries and link lifetimes', () => {
    expect(R.ACCOUNT_LOCKOUT_HOURS).toBe(24);
    expect(R.ACCOUNT_LOCKOUT_SECONDS).toBe(86400);
    expect(R.SIGN_IN_MAX_TRIES).toBe(5);
    expect(R.PASSWORD_RESET_TTL_MINUTES).toBe(60);
    expect(R.GIFT_MONTHLY_ALLOWANCE).toBe(5);
    expect(R.GIFT_LINK_TTL_DAYS).toBe(30);
  });
  it('sources', () => {
    expect(R.LOOKUP_ACCEPTED_SOURCES).toEqual(['CDS_US', 'CDS_UK']);
    expect(R.LATEST_SUBSCRIPTION_IGNORED_SOURCE).toBe('ACCESS_CODE');
  });
  it('lookup accepts only active CDS_US / CDS_UK', () => {
    expect(R.isLookupEligible({ subscriptionActive: true, source: 'CDS_UK' })).toBe(true);
    expect(R.isLookupEligible({ subscriptionActive: false, source: 'CDS_US' })).toBe(false);
    expect(R.isLookupEligible({ subscriptionActive: true, source: 'ACCESS_CODE' })).toBe(false);
  });
  it('latest subscription ignores ACCESS_CODE', () => {
    const subs = [
      { id: 1, subscriptionSourceCode: 'CDS_US', mostRecentPurchaseDate: '2023-01-01' },
      { id: 2, subscriptionSourceCode: 'ACCESS_CODE', mostRecentPurchaseDate: '2025-01-01' },
      { id: 3, subscriptionSourceCode: 'CDS_UK', mostRecentPurchaseDate: '2024-06-01' },
    ];
    expect(R.pickLatestSubscription(subs)?.id).toBe(3);
    expect(R.pickLatestSubscription([subs[1]!])).toBeNull();
  });
  it('RFC-style date', () => {
    expect(R.formatHttpDate('2024-03-05T00:00:00Z')).toBe('Tue, 05 Mar 2024 00:00:00 GMT');
    expect(R.formatHttpDate('nope')).toBe('');
  });
});
