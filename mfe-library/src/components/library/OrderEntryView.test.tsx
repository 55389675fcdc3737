/** My Library's Ordered tab: each bought line's download links (SITE-03, SITE-09). */
import { screen, within } from '@testing-library/react';
import type { OrderEntry } from 'shared-contracts/library';
import type { DownloadLink } from 'shared-contracts/orders';
import { libraryApi, orderedItem, signIn } from '../../testing/fixtures';
import { renderLibrary } from '../../testing/render';

jest.mock('../flyouts/LibraryFlyout', () => require('../../testing/flyoutStub'));

beforeEach(() => signIn());

const link = (lineId: string, format: DownloadLink['format'], label: string, over: Partial<DownloadLink> = {}): DownloadLink => ({
  link: `/api/downloads/o1/${lineId}/${format}`,
  format,
  label,
  expiresAt: null,
  expired: false,
  ...over,
});

async function openOrdered(lineItems: OrderEntry['lineItems'], caseStudyAccessEndsAt: string | null = null) {
  libraryApi({ history: { ordered: [orderedItem('o1', 'The Quiet Operator and 2 more', { lineItems, caseStudyAccessEndsAt, hasDownloads: true })] } });
  renderLibrary('/my-library?tab=ordered');
  return (await screen.findByText('Purchased')).closest<HTMLElement>('[data-order-id="o1"]')!;
}

describe('the Ordered tab', () => {
  it('links each digital line to its files, one per format; a shipped line has none', async () => {
    const entry = await openOrdered([
      { title: 'The Quiet Operator', contentType: 'Book', authors: ['Jo Writer'], downloads: [link('0', 'epub', 'EPUB'), link('0', 'pdf', 'PDF')] },
      { title: 'The Big Playbook', contentType: 'Book', authors: [], downloads: [] },
      { title: 'Budget Model', contentType: 'Toolkit', authors: [], downloads: [link('2', 'xlsx', 'Excel')] },
    ]);
    const ebook = await within(entry).findByRole('list', { name: 'Downloads for The Quiet Operator' });
    expect(
      within(ebook)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Download EPUB', '/api/downloads/o1/0/epub'],
      ['Download PDF', '/api/downloads/o1/0/pdf'],
    ]);
    expect(within(entry).getByRole('link', { name: 'Download Excel, Budget Model' })).toHaveAttribute('href', '/api/downloads/o1/2/xlsx');
    expect(within(entry).queryByRole('list', { name: 'Downloads for The Big Playbook' })).not.toBeInTheDocument();
    // The line texts keep their order; the links sit under their line.
    expect(within(entry).getByText('The Quiet Operator').closest('li')).toContainElement(ebook);
  });

  it("shows an expired case study's link as expired and says when access ended", async () => {
    const ends = '2025-11-20T16:00:00.000Z';
    const entry = await openOrdered(
      [
        {
          title: 'Northwind Foods: The Turnaround',
          contentType: 'Case Study',
          authors: [],
          downloads: [link('0', 'pdf', 'PDF', { expiresAt: ends, expired: true })],
        },
        { title: 'The Quiet Operator', contentType: 'Book', authors: [], downloads: [link('1', 'pdf', 'PDF')] },
      ],
      ends,
    );
    const list = await within(entry).findByRole('list', { name: 'Downloads for Northwind Foods: The Turnaround' });
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    expect(within(list).getByText('PDF: expired')).toHaveAttribute('data-download-expired', 'true');
    expect(within(entry).getByText('Your access to this case study ended on November 20, 2025.')).toBeInTheDocument();
    expect(within(entry).queryByText(/Case study access ends/)).not.toBeInTheDocument();
    // The ebook of the same order still downloads.
    expect(within(entry).getByRole('link', { name: 'Download PDF, The Quiet Operator' })).toBeInTheDocument();
  });

  it('says when access ends while it lasts', async () => {
    const ends = '2026-05-20T16:00:00.000Z';
    const entry = await openOrdered(
      [{ title: 'Northwind Foods: The Turnaround', contentType: 'Case Study', authors: [], downloads: [link('0', 'pdf', 'PDF', { expiresAt: ends })] }],
      ends,
    );
    expect(await within(entry).findByRole('link', { name: 'Download PDF, Northwind Foods: The Turnaround' })).toHaveAttribute('data-download-format', 'pdf');
    expect(within(entry).getByText('Case study access ends May 20, 2026')).toBeInTheDocument();
  });
});
