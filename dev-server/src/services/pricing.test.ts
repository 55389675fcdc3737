/** Cart pricing to the cent: subtotal, promos, shipping, tax and the grand total. */
import {
  CA_PROVINCES,
  checkPromo,
  computeTotals,
  discountCents,
  divRoundHalfUp,
  regionsOf,
  shippingMethodsFor,
  taxBasisPoints,
  US_STATES,
  type PricedLine,
  type Promo,
} from './pricing';

const NOW = new Date('2025-07-01T12:00:00.000Z');
const promo = (kind: string, value: number, extra: Partial<Promo> = {}): Promo => ({ code: 'X', kind, value, minSubtotalCents: 0, expiresAt: null, ...extra });
const hardcover: PricedLine = { unitPriceCents: 3200, quantity: 1, type: 'ship' };
const ebook: PricedLine = { unitPriceCents: 1999, quantity: 1, type: 'ebook' };

describe('divRoundHalfUp', () => {
  it('rounds halves up and everything else to the nearest cent', () => {
    expect(divRoundHalfUp(1005, 10)).toBe(101);
    expect(divRoundHalfUp(1004, 10)).toBe(100);
    expect(divRoundHalfUp(150, 100)).toBe(2);
    expect(divRoundHalfUp(149, 100)).toBe(1);
    expect(divRoundHalfUp(0, 7)).toBe(0);
  });
});

describe('promos', () => {
  it('takes a percent of the subtotal, rounding half up', () => {
    expect(discountCents(promo('percent', 10), 1995)).toBe(200); // 199.5 -> 200
    expect(discountCents(promo('percent', 10), 1994)).toBe(199); // 199.4
    expect(discountCents(promo('percent', 10), 5197)).toBe(520); // 519.7
  });

  it('caps an amount or a voucher at the subtotal; free shipping gives no discount', () => {
    expect(discountCents(promo('amount', 500), 3200)).toBe(500);
    expect(discountCents(promo('voucher', 2500), 1999)).toBe(1999);
    expect(discountCents(promo('voucher', 2500), 5000)).toBe(2500);
    expect(discountCents(promo('shipping', 0), 5000)).toBe(0);
    expect(discountCents(null, 5000)).toBe(0);
  });

  it('checks expiry and the minimum subtotal', () => {
    expect(checkPromo(promo('percent', 20, { expiresAt: '2024-12-31T23:59:59.000Z' }), 5000, NOW)).toBe('expired');
    expect(checkPromo(promo('amount', 500, { minSubtotalCents: 2500 }), 2499, NOW)).toBe('minimum');
    expect(checkPromo(promo('amount', 500, { minSubtotalCents: 2500 }), 2500, NOW)).toBe('ok');
  });
});

describe('shipping and tax tables', () => {
  it('offers US, Canadian and international methods', () => {
    expect(shippingMethodsFor('US').map((m) => [m.code, m.costCents])).toEqual([
      ['STANDARD', 595],
      ['EXPEDITED', 1495],
      ['OVERNIGHT', 2995],
    ]);
    expect(shippingMethodsFor('CA').map((m) => [m.code, m.costCents])).toEqual([
      ['STANDARD', 995],
      ['EXPEDITED', 1995],
    ]);
    expect(shippingMethodsFor('GB').map((m) => [m.code, m.costCents])).toEqual([['INTERNATIONAL', 2495]]);
    expect(shippingMethodsFor('ZZ')).toEqual([]);
    expect(shippingMethodsFor(null)).toEqual([]);
  });

  it('has 50 states and DC, 13 provinces and territories, free-text states elsewhere', () => {
    expect(US_STATES).toHaveLength(51);
    expect(CA_PROVINCES).toHaveLength(13);
    expect(regionsOf('GB')).toEqual([]);
    expect(regionsOf('ZZ')).toBeNull();
  });

  it('taxes US states by the table, Canada at the GST, nowhere else', () => {
    expect(taxBasisPoints('US', 'NY')).toBe(400);
    expect(taxBasisPoints('US', 'CA')).toBe(725);
    expect(taxBasisPoints('US', 'OR')).toBe(0);
    expect(taxBasisPoints('CA', 'ON')).toBe(500);
    expect(taxBasisPoints('GB', 'London')).toBe(0);
  });
});

describe('computeTotals', () => {
  const base = { promo: null, destination: null, shippingMethod: null, now: NOW } as const;

  it('sums unit price times quantity; no tax or shipping until a destination is known', () => {
    const t = computeTotals({ ...base, lines: [{ ...hardcover, quantity: 2 }, ebook] });
    expect(t).toMatchObject({
      subTotalCents: 8399,
      discountCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      grandTotalCents: 8399,
      needsShipping: true,
      shippingMethods: [],
    });
  });

  it('computes a New York order with SAVE10 and expedited shipping to the cent', () => {
    const t = computeTotals({
      ...base,
      lines: [{ ...hardcover, quantity: 2 }, ebook], // 8399
      promo: promo('percent', 10),
      destination: { countryCode: 'US', state: 'NY' },
      shippingMethod: 'EXPEDITED',
    });
    // discount 839.9 -> 840; taxable 7559; tax 4% = 302.36 -> 302; shipping 1495.
    expect(t).toMatchObject({ subTotalCents: 8399, discountCents: 840, taxCents: 302, shippingCostCents: 1495, grandTotalCents: 7559 + 302 + 1495 });
  });

  it('taxes California at 7.25% with halves rounding up', () => {
    // 2000 * 7.25% = 145.0; 3000 * 7.25% = 217.5 -> 218.
    expect(
      computeTotals({ ...base, lines: [{ unitPriceCents: 2000, quantity: 1, type: 'ship' }], destination: { countryCode: 'US', state: 'CA' } }).taxCents,
    ).toBe(145);
    expect(
      computeTotals({ ...base, lines: [{ unitPriceCents: 3000, quantity: 1, type: 'ship' }], destination: { countryCode: 'US', state: 'CA' } }).taxCents,
    ).toBe(218);
  });

  it('charges Canadian GST and the Canadian method', () => {
    const t = computeTotals({ ...base, lines: [hardcover], destination: { countryCode: 'CA', state: 'ON' }, shippingMethod: 'STANDARD' });
    expect(t).toMatchObject({ subTotalCents: 3200, taxCents: 160, shippingCostCents: 995, grandTotalCents: 4355 });
  });

  it('ships internationally without tax; a US method is not offered abroad', () => {
    const t = computeTotals({ ...base, lines: [hardcover], destination: { countryCode: 'GB', state: 'London' }, shippingMethod: 'INTERNATIONAL' });
    expect(t).toMatchObject({ taxCents: 0, shippingCostCents: 2495, grandTotalCents: 5695, shippingMethod: 'INTERNATIONAL' });
    const wrong = computeTotals({ ...base, lines: [hardcover], destination: { countryCode: 'GB', state: '' }, shippingMethod: 'OVERNIGHT' });
    expect(wrong).toMatchObject({ shippingMethod: null, shippingCostCents: 0 });
  });

  it('makes the chosen method free with FREESHIP', () => {
    const t = computeTotals({
      ...base,
      lines: [hardcover],
      promo: promo('shipping', 0),
      destination: { countryCode: 'US', state: 'OR' },
      shippingMethod: 'OVERNIGHT',
    });
    expect(t).toMatchObject({ discountCents: 0, shippingCostCents: 0, taxCents: 0, grandTotalCents: 3200 });
    expect(t.shippingMethods.every((m) => m.costCents === 0)).toBe(true);
  });

  it('has nothing to ship for digital lines, and tax still applies', () => {
    const t = computeTotals({ ...base, lines: [ebook], destination: { countryCode: 'US', state: 'TX' }, shippingMethod: 'STANDARD' });
    // 1999 * 6.25% = 124.94 -> 125.
    expect(t).toMatchObject({ needsShipping: false, shippingMethods: [], shippingCostCents: 0, taxCents: 125, grandTotalCents: 2124 });
  });

  it('counts a voucher before tax and never below zero', () => {
    const t = computeTotals({ ...base, lines: [ebook], promo: promo('voucher', 2500), destination: { countryCode: 'US', state: 'NY' } });
    expect(t).toMatchObject({ discountCents: 1999, taxCents: 0, grandTotalCents: 0 });
  });

  it('ignores an expired promo or one under its minimum', () => {
    expect(computeTotals({ ...base, lines: [ebook], promo: promo('percent', 20, { expiresAt: '2024-01-01T00:00:00.000Z' }) })).toMatchObject({
      discountCents: 0,
      promoApplied: false,
    });
    expect(computeTotals({ ...base, lines: [ebook], promo: promo('amount', 500, { minSubtotalCents: 2500 }) })).toMatchObject({
      discountCents: 0,
      promoApplied: false,
    });
  });
});
