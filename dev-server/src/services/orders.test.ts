import { newOrderNumber, orderTitle } from './orders';

describe('order numbers and titles', () => {
  it('numbers an order M-{UTC date}-{five unambiguous characters}', () => {
    const number = newOrderNumber(new Date('2026-03-04T23:59:59Z'));
    expect(number).toMatch(/^M-20260304-[2-9A-HJ-NP-Z]{5}$/);
  });

  it('titles an order by its first line and how many more there are', () => {
    expect(orderTitle([{ title: 'Book', subscription: false }])).toBe('Book');
    expect(
      orderTitle([
        { title: 'Book', subscription: false },
        { title: 'Ebook', subscription: false },
      ]),
    ).toBe('Book and 1 more item');
    expect(
      orderTitle([
        { title: 'Book', subscription: false },
        { title: 'A', subscription: false },
        { title: 'B', subscription: false },
      ]),
    ).toBe('Book and 2 more items');
    expect(orderTitle([])).toBe('Order');
  });

  it('titles a subscription order by the subscription, with the marker My Library looks for', () => {
    expect(
      orderTitle([
        { title: 'Book', subscription: false },
        { title: 'Best', subscription: true },
      ]),
    ).toBe('Best Subscription');
    expect(orderTitle([{ title: 'Best Subscription', subscription: true }])).toBe('Best Subscription');
  });

  it('keeps the marker out of other orders', () => {
    expect(orderTitle([{ title: 'The Subscription Economy', subscription: false }])).toBe('The subscription Economy');
  });
});
