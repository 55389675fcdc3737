/**
 * The payment gateway: card details go to it once (tokenize) and only its token, the card brand and
 * the last four digits are kept; the order charges the token. A real provider implements the same
 * interface and is injected through AppDeps.payments (like the mailer and the captcha).
 *
 * The built-in test gateway works like a provider's test mode: Luhn-valid numbers with a future
 * expiry, a 3-4 digit CVC and a name tokenize; TEST_CARDS.declined and .insufficientFunds decline at
 * charge, every other number approves. Tokens are stateless ('tok_test_{outcome}_{random}'). Card
 * numbers and CVCs are never stored or logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Card, COMMERCE_MESSAGES, TEST_CARDS } from 'shared-contracts/server';
import type { Clock } from '../clock';

export interface CardFieldError {
  /** The card field the error is about: 'number', 'expMonth', 'expYear', 'cvc' or 'nameOnCard'. */
  field: 'number' | 'expMonth' | 'expYear' | 'cvc' | 'nameOnCard';
  message: string;
}

export type TokenizeResult = { ok: true; token: string; brand: string; last4: string } | { ok: false; errors: CardFieldError[] };

export type ChargeResult = { approved: true; chargeId: string } | { approved: false; reason: 'declined' | 'insufficient_funds' };

export interface PaymentGateway {
  tokenize(card: Card): Promise<TokenizeResult>;
  /** Charges a token; the same idempotency key never charges twice. */
  charge(token: string, amountCents: number, idempotencyKey: string): Promise<ChargeResult>;
}

/** An expiry month outside 1-12. NOT IN SPEC. */
export const CARD_MONTH_RANGE = 'Enter the expiry month as a number from 1 to 12.';

/** The Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  return 'Card';
}

/** The card's problems, in form order (empty when it may be tokenized). */
export function validateCard(card: Card, now: Date): CardFieldError[] {
  const errors: CardFieldError[] = [];
  const digits = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) errors.push({ field: 'number', message: COMMERCE_MESSAGES.cardNumber });
  // Each expiry field has its own error: a blank month or year (0) is asked for, a month
  // outside 1-12 is refused, and only a complete date in the past is an expired card.
  const month = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const year = card.expYear > 0 && card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const monthOk = card.expMonth >= 1 && card.expMonth <= 12;
  if (card.expMonth === 0) errors.push({ field: 'expMonth', message: COMMERCE_MESSAGES.required('the expiry month') });
  else if (!monthOk) errors.push({ field: 'expMonth', message: CARD_MONTH_RANGE });
  if (card.expYear <= 0) errors.push({ field: 'expYear', message: COMMERCE_MESSAGES.required('the expiry year') });
  else if (monthOk && year * 12 + (card.expMonth - 1) < month) errors.push({ field: 'expYear', message: COMMERCE_MESSAGES.cardExpired });
  if (!/^\d{3,4}$/.test(card.cvc)) errors.push({ field: 'cvc', message: COMMERCE_MESSAGES.cardCvc });
  if (card.nameOnCard.trim() === '') errors.push({ field: 'nameOnCard', message: COMMERCE_MESSAGES.cardName });
  return errors;
}

type Outcome = 'ok' | 'declined' | 'nsf';

export function createTestPaymentGateway(clock: Clock): PaymentGateway {
  return {
    async tokenize(card) {
      const errors = validateCard(card, clock.now());
      if (errors.length > 0) return { ok: false, errors };
      const digits = card.number.replace(/[\s-]/g, '');
      const outcome: Outcome = digits === TEST_CARDS.declined ? 'declined' : digits === TEST_CARDS.insufficientFunds ? 'nsf' : 'ok';
      return { ok: true, token: `tok_test_${outcome}_${randomBytes(12).toString('hex')}`, brand: cardBrand(digits), last4: digits.slice(-4) };
    },
    async charge(token, amountCents, idempotencyKey) {
      const outcome = /^tok_test_(ok|declined|nsf)_[0-9a-f]+$/.exec(token)?.[1];
      if (outcome === 'nsf') return { approved: false, reason: 'insufficient_funds' };
      if (outcome !== 'ok' || !Number.isInteger(amountCents) || amountCents < 0) return { approved: false, reason: 'declined' };
      return { approved: true, chargeId: `ch_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
    },
  };
}
