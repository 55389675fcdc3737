/**
 * Cart pricing (decision 014: totals on the server only), pure and in integer cents: subtotal,
 * promo discount, shipping methods and cost, sales tax, grand total; and the state/province lists
 * the address rules and the tax table use. NOT IN SPEC: the rates and prices are the project's.
 */
import { isShippedType, type ItemType, SHIPPING_COUNTRIES, type ShippingMethod, type ShippingMethodCode } from 'shared-contracts/server';

export interface Region {
  code: string;
  name: string;
}

/** The 50 states and DC, with the state sales tax in basis points (a simplified table: no local rates). */
export const US_STATES: readonly (Region & { taxBp: number })[] = [
  { code: 'AL', name: 'Alabama', taxBp: 400 },
  { code: 'AK', name: 'Alaska', taxBp: 0 },
  { code: 'AZ', name: 'Arizona', taxBp: 560 },
  { code: 'AR', name: 'Arkansas', taxBp: 650 },
  { code: 'CA', name: 'California', taxBp: 725 },
  { code: 'CO', name: 'Colorado', taxBp: 290 },
  { code: 'CT', name: 'Connecticut', taxBp: 635 },
  { code: 'DE', name: 'Delaware', taxBp: 0 },
  { code: 'DC', name: 'District of Columbia', taxBp: 600 },
  { code: 'FL', name: 'Florida', taxBp: 600 },
  { code: 'GA', name: 'Georgia', taxBp: 400 },
  { code: 'HI', name: 'Hawaii', taxBp: 400 },
  { code: 'ID', name: 'Idaho', taxBp: 600 },
  { code: 'IL', name: 'Illinois', taxBp: 625 },
  { code: 'IN', name: 'Indiana', taxBp: 700 },
  { code: 'IA', name: 'Iowa', taxBp: 600 },
  { code: 'KS', name: 'Kansas', taxBp: 650 },
  { code: 'KY', name: 'Kentucky', taxBp: 600 },
  { code: 'LA', name: 'Louisiana', taxBp: 445 },
  { code: 'ME', name: 'Maine', taxBp: 550 },
  { code: 'MD', name: 'Maryland', taxBp: 600 },
  { code: 'MA', name: 'Massachusetts', taxBp: 625 },
  { code: 'MI', name: 'Michigan', taxBp: 600 },
  { code: 'MN', name: 'Minnesota', taxBp: 688 },
  { code: 'MS', name: 'Mississippi', taxBp: 700 },
  { code: 'MO', name: 'Missouri', taxBp: 423 },
  { code: 'MT', name: 'Montana', taxBp: 0 },
  { code: 'NE', name: 'Nebraska', taxBp: 550 },
  { code: 'NV', name: 'Nevada', taxBp: 685 },
  { code: 'NH', name: 'New Hampshire', taxBp: 0 },
  { code: 'NJ', name: 'New Jersey', taxBp: 663 },
  { code: 'NM', name: 'New Mexico', taxBp: 488 },
  { code: 'NY', name: 'New York', taxBp: 400 },
  { code: 'NC', name: 'North Carolina', taxBp: 475 },
  { code: 'ND', name: 'North Dakota', taxBp: 500 },
  { code: 'OH', name: 'Ohio', taxBp: 575 },
  { code: 'OK', name: 'Oklahoma', taxBp: 450 },
  { code: 'OR', name: 'Oregon', taxBp: 0 },
  { code: 'PA', name: 'Pennsylvania', taxBp: 600 },
  { code: 'RI', name: 'Rhode Island', taxBp: 700 },
  { code: 'SC', name: 'South Carolina', taxBp: 600 },
  { code: 'SD', name: 'South Dakota', taxBp: 420 },
  { code: 'TN', name: 'Tennessee', taxBp: 700 },
  { code: 'TX', name: 'Texas', taxBp: 625 },
  { code: 'UT', name: 'Utah', taxBp: 610 },
  { code: 'VT', name: 'Vermont', taxBp: 600 },
  { code: 'VA', name: 'Virginia', taxBp: 530 },
  { code: 'WA', name: 'Washington', taxBp: 650 },
  { code: 'WV', name: 'West Virginia', taxBp: 600 },
  { code: 'WI', name: 'Wisconsin', taxBp: 500 },
  { code: 'WY', name: 'Wyoming', taxBp: 400 },
];

/** Canada's 10 provinces and 3 territories. */
export const CA_PROVINCES: readonly Region[] = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
];

/** Share of the list prices a 'Better Together' pair costs (percent). */
export const BETTER_TOGETHER_PERCENT = 85;

/** Canada: the federal GST only (5%). */
export const CA_GST_BP = 500;

export function isShippingCountry(countryCode: string): boolean {
  return SHIPPING_COUNTRIES.some((c) => c.code === countryCode);
}

/** The states or provinces of a shipping country (empty where the state is free text); null for other countries. */
export function regionsOf(countryCode: string): readonly Region[] | null {
  if (countryCode === 'US') return US_STATES.map(({ code, name }) => ({ code, name }));
  if (countryCode === 'CA') return CA_PROVINCES;
  return isShippingCountry(countryCode) ? [] : null;
}

const METHOD_LABELS: Record<ShippingMethodCode, string> = {
  STANDARD: 'Standard (5-7 business days)',
  EXPEDITED: 'Expedited (2-3 business days)',
  OVERNIGHT: 'Overnight',
  INTERNATIONAL: 'International (7-21 business days)',
};

const METHOD_CENTS: Record<'US' | 'CA' | 'INTL', Partial<Record<ShippingMethodCode, number>>> = {
  US: { STANDARD: 595, EXPEDITED: 1495, OVERNIGHT: 2995 },
  CA: { STANDARD: 995, EXPEDITED: 1995 },
  INTL: { INTERNATIONAL: 2495 },
};

/** Methods offered for a destination at their list cost; none for countries the store does not ship to. */
export function shippingMethodsFor(countryCode: string | null): ShippingMethod[] {
  if (countryCode === null || !isShippingCountry(countryCode)) return [];
  const table = countryCode === 'US' ? METHOD_CENTS.US : countryCode === 'CA' ? METHOD_CENTS.CA : METHOD_CENTS.INTL;
  return (Object.entries(table) as [ShippingMethodCode, number][]).map(([code, costCents]) => ({ code, label: METHOD_LABELS[code], costCents }));
}

/** Sales tax in basis points for a destination: US by state, Canada GST, elsewhere none. */
export function taxBasisPoints(countryCode: string, state: string): number {
  if (countryCode === 'US') return US_STATES.find((s) => s.code === state.toUpperCase())?.taxBp ?? 0;
  if (countryCode === 'CA') return CA_GST_BP;
  return 0;
}

/** a / b rounded to the nearest integer, halves up (a >= 0, b > 0): integer arithmetic only. */
export function divRoundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

export type PromoKind = 'percent' | 'amount' | 'shipping' | 'voucher';

export interface Promo {
  code: string;
  kind: string;
  /** Percent for 'percent', cents for 'amount' and 'voucher'. */
  value: number;
  minSubtotalCents: number;
  expiresAt: string | null;
}

export type PromoCheck = 'ok' | 'expired' | 'minimum';

/** Whether a promo applies to a subtotal now. */
export function checkPromo(promo: Promo, subTotalCents: number, now: Date): PromoCheck {
  if (promo.expiresAt !== null && promo.expiresAt <= now.toISOString()) return 'expired';
  if (subTotalCents < promo.minSubtotalCents) return 'minimum';
  return 'ok';
}

/** The discount of an applicable promo: percent of the subtotal (halves up), or an amount capped at the subtotal. */
export function discountCents(promo: Promo | null, subTotalCents: number): number {
  if (!promo) return 0;
  switch (promo.kind) {
    case 'percent':
      return Math.min(subTotalCents, divRoundHalfUp(subTotalCents * promo.value, 100));
    case 'amount':
    case 'voucher':
      return Math.min(subTotalCents, promo.value);
    default:
      return 0;
  }
}

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  type: ItemType;
}

export interface PricingInput {
  lines: readonly PricedLine[];
  /** The cart's promo, or null; one that no longer applies (expired, below its minimum) gives nothing. */
  promo: Promo | null;
  /** Where tax and shipping are computed for (the shipping address, else the billing address), or null. */
  destination: { countryCode: string; state: string } | null;
  shippingMethod: ShippingMethodCode | null;
  now: Date;
}

export interface Totals {
  subTotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  grandTotalCents: number;
  needsShipping: boolean;
  /** Methods offered for the destination (with the promo's free shipping applied); empty when nothing ships or no destination. */
  shippingMethods: ShippingMethod[];
  /** The chosen method when it is offered for the destination, else null. */
  shippingMethod: ShippingMethodCode | null;
  /** The promo counted (null when none, or when it does not apply now). */
  promoApplied: boolean;
}

export function computeTotals(input: PricingInput): Totals {
  const subTotalCents = input.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const needsShipping = input.lines.some((l) => isShippedType(l.type));
  const promo = input.promo && checkPromo(input.promo, subTotalCents, input.now) === 'ok' ? input.promo : null;
  const discount = discountCents(promo, subTotalCents);
  const freeShipping = promo?.kind === 'shipping';
  const methods = needsShipping && input.destination ? shippingMethodsFor(input.destination.countryCode) : [];
  const offered = methods.map((m) => (freeShipping ? { ...m, costCents: 0 } : m));
  const chosen = offered.find((m) => m.code === input.shippingMethod) ?? null;
  const shippingCostCents = chosen?.costCents ?? 0;
  const taxable = subTotalCents - discount;
  const taxCents = input.destination ? divRoundHalfUp(taxable * taxBasisPoints(input.destination.countryCode, input.destination.state), 10000) : 0;
  return {
    subTotalCents,
    discountCents: discount,
    shippingCostCents,
    taxCents,
    grandTotalCents: taxable + shippingCostCents + taxCents,
    needsShipping,
    shippingMethods: offered,
    shippingMethod: chosen?.code ?? null,
    promoApplied: promo !== null,
  };
}
