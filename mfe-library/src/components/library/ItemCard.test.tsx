import { render, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { StreamEntry } from 'shared-contracts/discovery';
import type { LibraryContent, LibraryItem, OrderEntry } from 'shared-contracts/library';
import { sampleStreamEntry } from 'shared-contracts/src/testing';
import { cardOfLibraryItem, cardOfStreamEntry, type CardModel } from './cardModel';
import { ItemCard, type ItemCardProps } from './ItemCard';
import { libraryItem, order, orderedItem } from '../../testing/fixtures';

/** Renders the card in a list and returns its <li>. */
function cardElement(card: CardModel, props: Partial<ItemCardProps> = {}) {
  const { container } = render(
    <MemoryRouter>
      <ul>
        <ItemCard card={card} {...props} />
      </ul>
    </MemoryRouter>,
  );
  return container.querySelector<HTMLElement>('li[data-item-id]')!;
}

function item(over: Partial<StreamEntry> = {}, content: Partial<LibraryContent> = {}): LibraryItem {
  return libraryItem({ id: 'a1', title: 'Why Strategy Fails', ...over }, content);
}

const buttons = (li: HTMLElement) =>
  within(li)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('a feed item card', () => {
  it('shows the content type, the title link, summary, authors and the activity date', () => {
    const li = cardElement(cardOfLibraryItem(item({ author: [{ name: 'Jo Writer' }, { name: 'Sam Lee' }], category: { term: 'Strategy & Execution' } })));
    expect(li).toHaveAttribute('data-item-id', 'a1');
    expect(within(li).getByText('Digital Article')).toBeInTheDocument();
    expect(within(li).getByRole('link', { name: 'Strategy & Execution' })).toHaveAttribute('href', '/topic/subject/strategy-and-execution');
    expect(within(li).getByRole('heading', { level: 3, name: 'Why Strategy Fails' })).toBeInTheDocument();
    expect(within(li).getByRole('link', { name: 'Why Strategy Fails' })).toHaveAttribute('href', '/2025/03/article-a1');
    expect(within(li).getByText('Most plans die between the board room and the shop floor.')).toBeInTheDocument();
    expect(within(li).getByText('By Jo Writer, Sam Lee')).toBeInTheDocument();
    const date = within(li).getByText('Saved March 04, 2025');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('dateTime', '2025-03-04T10:00:00.000Z');
    expect(within(li).getByRole('article', { name: 'Why Strategy Fails' })).toBeInTheDocument();
  });

  it("a video's category (a tag, with no topic page) is shown as text, not as a link to a topic that does not exist", () => {
    const video = item({ url: '/video/6164253148421/middle-management-explained', contentType: 'Video', category: { term: 'Explainer' } });
    const li = cardElement(cardOfLibraryItem(video));
    expect(within(li).getByText('Explainer')).toBeInTheDocument();
    expect(within(li).queryByRole('link', { name: 'Explainer' })).not.toBeInTheDocument();
  });

  it('a selectable item offers Move, Share and Discard and a bulk checkbox, not Save', () => {
    const onAction = jest.fn();
    const li = cardElement(cardOfLibraryItem(item()), { onAction });
    expect(buttons(li)).toEqual(['Move Why Strategy Fails', 'Share Why Strategy Fails', 'Discard Why Strategy Fails']);
    expect(within(li).getByRole('checkbox', { name: 'Select Why Strategy Fails' })).not.toBeChecked();
    expect(within(li).getByRole('button', { name: 'Move Why Strategy Fails' })).toHaveTextContent(/^Move$/);
    within(li).getByRole('button', { name: 'Discard Why Strategy Fails' }).click();
    expect(onAction).toHaveBeenCalledWith(
      'discard',
      expect.objectContaining({ id: 'a1' }),
      within(li).getByRole('button', { name: 'Discard Why Strategy Fails' }),
    );
  });

  it('an item that is not selectable offers Save and Share, no checkbox', () => {
    const li = cardElement(cardOfLibraryItem(item({}, { activity: 'read', selectable: false })));
    expect(buttons(li)).toEqual(['Save Why Strategy Fails', 'Share Why Strategy Fails']);
    expect(within(li).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('read-only content hides Save, Move, Share, Buy Copies, Discard and the checkbox', () => {
    const li = cardElement(cardOfLibraryItem(item({ productLink: '/product/why-strategy-fails/10001' }, { readOnly: true })));
    expect(li).toHaveAttribute('data-read-only', 'true');
    expect(within(li).queryAllByRole('button')).toEqual([]);
    expect(within(li).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(li).queryByRole('link', { name: /Buy Copies/ })).not.toBeInTheDocument();
  });

  it('Buy Copies shows for magazine and digital articles with a product link only', () => {
    const link = '/product/why-strategy-fails/10001';
    const digital = cardElement(cardOfLibraryItem(item({ productLink: link })));
    expect(within(digital).getByRole('link', { name: 'Buy Copies Why Strategy Fails' })).toHaveAttribute('href', link);
  });

  it.each([
    ['a magazine article with a product link', { contentType: 'Magazine Article', productLink: '/product/x/1' }, true],
    ['an article without a product link', { contentType: 'Digital Article', productLink: null }, false],
    ['a video with a product link', { contentType: 'Video', productLink: '/product/x/1' }, false],
  ])('Buy Copies for %s', (_, over, shown) => {
    const li = cardElement(cardOfLibraryItem(item(over)));
    expect(within(li).queryByRole('link', { name: 'Buy Copies Why Strategy Fails' }) !== null).toBe(shown);
  });

  it.each([
    ['a priced book', { contentType: 'Book', listPrice: 1250 }, '$12.50'],
    ['a priced case study', { contentType: 'Case Study', listPrice: 995 }, '$9.95'],
    ['a priced digital article', { contentType: 'Digital Article', listPrice: 1250 }, null],
    ['a free book', { contentType: 'Book', listPrice: 0 }, null],
    ['an unpriced book', { contentType: 'Book', listPrice: null }, null],
  ])('the price block for %s', (_, over, price) => {
    const li = cardElement(cardOfLibraryItem(item(over)));
    const block = li.querySelector('[data-price-block]');
    if (price === null) expect(block).toBeNull();
    else expect(block).toHaveTextContent(`Price ${price}`);
  });

  it("a shared item says 'Shared via' the network and lists the addresses", () => {
    const li = cardElement(
      cardOfLibraryItem(item({}, { activity: 'shared', selectable: false, provider: 'email', sharedWith: ['bo@example.com', 'cy@example.com'] })),
    );
    expect(within(li).getByText('Shared March 04, 2025')).toBeInTheDocument();
    expect(within(li).getByText('Shared via email')).toBeInTheDocument();
    const to = within(li).getByRole('list', { name: 'Shared with' });
    expect(
      within(to)
        .getAllByRole('listitem')
        .map((x) => x.textContent),
    ).toEqual(['bo@example.com', 'cy@example.com']);
  });

  it("a share on X reads 'Shared via X'", () => {
    const li = cardElement(cardOfLibraryItem(item({}, { activity: 'shared', selectable: false, provider: 'twitter' })));
    expect(within(li).getByText('Shared via X')).toBeInTheDocument();
    expect(within(li).queryByRole('list', { name: 'Shared with' })).not.toBeInTheDocument();
  });

  it('a shared folder seen by someone else is read-only whatever the item says', () => {
    const li = cardElement(cardOfLibraryItem(item({ productLink: '/product/x/1' }), true));
    expect(within(li).queryAllByRole('button')).toEqual([]);
    expect(within(li).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("a followed topic's article offers Save and Share and says when it was published", () => {
    const li = cardElement(cardOfStreamEntry(sampleStreamEntry({ id: 'a9', title: 'New on strategy', published: '2025-05-06T00:00:00.000Z' })));
    expect(buttons(li)).toEqual(['Save New on strategy', 'Share New on strategy']);
    expect(within(li).getByText('Published May 06, 2025')).toBeInTheDocument();
  });
});

describe('an order entry', () => {
  /** Renders the order card and returns its order entry, once shown (its code is a chunk of its own). */
  async function orderElement(title: string, over: Partial<OrderEntry>) {
    const li = cardElement(cardOfLibraryItem(orderedItem('o1', title, over)));
    return waitFor(() => {
      const entry = li.querySelector<HTMLElement>('[data-order-id]');
      if (!entry) throw new Error('no order entry yet');
      return entry;
    });
  }
  const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Line ${i + 1}`, contentType: 'Book', authors: [`Author ${i + 1}`] }));

  it('a completed order is Purchased, with its lines, total in USD, and its own link', async () => {
    const entry = await orderElement('Order of March 4', { orderStatus: 'COMPLETED', lineItems: lines(2), grandTotalIncTax: 123456 });
    expect(entry).toHaveAttribute('data-order-status', 'purchased');
    expect(within(entry).getByText('Purchased')).toBeInTheDocument();
    const list = within(entry).getByRole('list', { name: 'Items in this order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['Line 1 Book By Author 1', 'Line 2 Book By Author 2']);
    expect(within(entry).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(entry).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/order/o1');
    expect(within(entry).queryByText(/more$/)).not.toBeInTheDocument();
    expect(within(entry).queryByText(/Case study access ends/)).not.toBeInTheDocument();
    expect(within(entry).queryByText('Subscription')).not.toBeInTheDocument();
  });

  it('a cancelled order is Cancelled', async () => {
    const entry = await orderElement('Order of March 4', { orderStatus: 'CANCELLED' });
    expect(entry).toHaveAttribute('data-order-status', 'cancelled');
    expect(within(entry).getByText('Cancelled')).toBeInTheDocument();
    expect(within(entry).queryByText('Purchased')).not.toBeInTheDocument();
  });

  it("shows the first 5 line items and '+N more'", async () => {
    const entry = await orderElement('Order', { lineItems: lines(7) });
    expect(within(within(entry).getByRole('list')).getAllByRole('listitem')).toHaveLength(5);
    expect(within(entry).getByText('Line 5')).toBeInTheDocument();
    expect(within(entry).queryByText('Line 6')).not.toBeInTheDocument();
    expect(within(entry).getByText('+2 more')).toBeInTheDocument();
  });

  it("five line items need no '+N more'", async () => {
    const entry = await orderElement('Order', { lineItems: lines(5) });
    expect(within(within(entry).getByRole('list')).getAllByRole('listitem')).toHaveLength(5);
    expect(within(entry).queryByText(/^\+\d+ more$/)).not.toBeInTheDocument();
  });

  it('a subscription order shows Subscription with the account number', async () => {
    const entry = await orderElement('Subscription order: Digital + Print', { accountNumber: 'SUB-12345', grandTotalIncTax: 9900 });
    expect(within(entry).getByText('Subscription')).toBeInTheDocument();
    expect(within(entry).getByText('Account number SUB-12345')).toBeInTheDocument();
    expect(within(entry).getByText('$99.00')).toBeInTheDocument();
  });

  it('says when case-study access ends', async () => {
    const entry = await orderElement('Order', { caseStudyAccessEndsAt: '2025-09-04T10:00:00.000Z' });
    expect(within(entry).getByText('Case study access ends September 04, 2025')).toBeInTheDocument();
  });

  it('an order entry uses the order fixture defaults', async () => {
    expect(order().grandTotalIncTax).toBe(12345);
    const entry = await orderElement('Order', {});
    expect(within(entry).getByText('$123.45')).toBeInTheDocument();
  });
});

describe('a feed item card on the design system', () => {
  const IMAGE = '/images/article/a1/0123456789ab';

  it("shows the item's picture, lazy, with its intrinsic size and no alternative text (the title says it)", () => {
    const li = cardElement(cardOfLibraryItem(item({ image: IMAGE })));
    const img = li.querySelector('picture.ds-picture img')!;
    expect(img).toHaveAttribute('src', `${IMAGE}-640.jpg`);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img).toHaveAttribute('alt', '');
    expect(li.querySelectorAll('picture source')).toHaveLength(2);
  });

  it('has no picture when the item has none', () => {
    const li = cardElement(cardOfLibraryItem(item({ image: null })));
    expect(li.querySelector('picture')).toBeNull();
  });

  it("a followed topic's entry carries its picture too", () => {
    expect(cardOfStreamEntry(sampleStreamEntry({ image: IMAGE })).image).toBe(IMAGE);
  });

  it('draws its actions as design-system buttons, and the bulk checkbox inside a 44px label target', () => {
    const li = cardElement(cardOfLibraryItem(item({}, { selectable: true })));
    for (const button of within(li).getAllByRole('button')) expect(button).toHaveClass('ds-button', 'ds-button--ghost');
    const box = within(li).getByRole('checkbox', { name: 'Select Why Strategy Fails' });
    expect(box.closest('label')).toHaveClass('item-select-target');
  });
});
