/** The library's pure rules: folder slugs, the share mail, order entries. */
import { caseStudyAccessEnds, SHARE_DESCRIPTION_MAX } from 'shared-contracts/server';
import type { OrderLineRow, OrderRow } from '../db/database';
import { folderSlug, freeSlug } from './library';
import { orderEntry, orderItem } from './library-entries';
import { shareMailTemplate } from '../mail/templates';

describe('folder slugs', () => {
  it('lower-cases the name and joins its words with single hyphens', () => {
    expect(folderSlug('Board  prep 2025')).toBe('board-prep-2025');
    expect(folderSlug(' Ideas ')).toBe('ideas');
  });

  it('adds -2, -3... while the slug is taken', () => {
    expect(freeSlug('ideas', new Set())).toBe('ideas');
    expect(freeSlug('ideas', new Set(['ideas', 'ideas-2']))).toBe('ideas-3');
  });
});

describe('share mail', () => {
  const base = { origin: 'http://localhost:3000', title: 'A title', path: '/2025/01/a', description: null, message: null };

  it('keeps line breaks and other control characters out of the subject', () => {
    const mail = shareMailTemplate({ ...base, sender: 'Eve\r\nBcc: victim@example.org', senderEmail: 'eve@example.org', title: 'T\nX' });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Eve  Bcc: victim@example.org shared "T X" with you');
  });

  it('keeps markup as typed in the plain text and escapes it in the HTML; the description is cut with an ellipsis', () => {
    const mail = shareMailTemplate({
      ...base,
      sender: 'member@example.net',
      senderEmail: null,
      description: 'word '.repeat(100),
      message: '<a href="x">hi</a>\r\nbye',
    });
    expect(mail.text).toContain('member@example.net shared this with you:');
    expect(mail.text).toContain('> <a href="x">hi</a>\n> bye');
    expect(mail.html).not.toContain('<a href="x">');
    expect(mail.html).toContain('&lt;a href=&quot;x&quot;&gt;hi&lt;/a&gt;');
    const description = mail.text.split('\n').find((l) => l.startsWith('word'))!;
    expect(description.length).toBeLessThanOrEqual(SHARE_DESCRIPTION_MAX);
    expect(description.endsWith('...')).toBe(true);
  });
});

describe('order entries', () => {
  const order: OrderRow = {
    id: 'o-1',
    user_id: 'u',
    status: 'COMPLETED',
    title: 'Best Subscription, 12 months',
    grand_total_inc_tax: 11900,
    account_number: '700000103',
    created_at: '2025-08-31T10:00:00.000Z',
    order_number: null,
    subtotal_cents: 11900,
    discount_cents: 0,
    tax_cents: 0,
    shipping_cents: 0,
    promo_code: null,
    shipping_method: null,
    shipping_address: null,
    billing_address: null,
    payment_brand: null,
    payment_last4: null,
  };
  const line = (position: number, contentType: string): OrderLineRow => ({
    order_id: 'o-1',
    position,
    title: `Line ${position}`,
    content_type: contentType,
    authors: '["A B"]',
    product_id: null,
    sku: null,
    format: null,
    line_type: null,
    quantity: 1,
    unit_price_cents: 0,
    line_total_cents: 0,
    product_url: null,
  });

  it('shows the account number of a subscription order only', () => {
    expect(orderEntry(order, [line(0, 'Subscription')]).accountNumber).toBe('700000103');
    expect(orderEntry({ ...order, title: 'Books' }, [line(0, 'Book')]).accountNumber).toBeNull();
  });

  it('gives the end of case-study access six months on, unless cancelled', () => {
    const lines = [line(0, 'Book'), line(1, 'Case Study')];
    expect(orderEntry(order, lines).caseStudyAccessEndsAt).toBe(caseStudyAccessEnds(order.created_at).toISOString());
    expect(orderEntry(order, lines).caseStudyAccessEndsAt).toBe('2026-02-28T10:00:00.000Z');
    expect(orderEntry({ ...order, status: 'CANCELLED' }, lines).caseStudyAccessEndsAt).toBeNull();
    expect(orderEntry(order, [line(0, 'Book')]).caseStudyAccessEndsAt).toBeNull();
  });

  it('is a read-only item linking to the order page, with every line', () => {
    const lines = Array.from({ length: 7 }, (_, i) => line(i, 'Book'));
    const item = orderItem(order, lines);
    expect(item).toMatchObject({ id: 'o-1', title: order.title, url: '/order/o-1', contentType: 'Order' });
    expect(item.content).toMatchObject({ activity: 'ordered', readOnly: true, selectable: false });
    expect(item.content.order).toMatchObject({ itemCount: 7, grandTotalIncTax: 11900, orderUrl: '/order/o-1' });
    expect(item.content.order!.lineItems).toHaveLength(7);
    expect(item.content.order!.lineItems[0]).toEqual({ title: 'Line 0', contentType: 'Book', authors: ['A B'], downloads: [] });
  });
});
