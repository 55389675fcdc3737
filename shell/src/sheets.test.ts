import { loadSheet } from './sheets';

const MAP = { topics: '/styles/topics.0123abcd.css', magazine: '/styles/magazine.0123abcd.css' };

beforeEach(() => {
  document.head.innerHTML = `<style>body{}</style><script type="application/json" id="sheets">${JSON.stringify(MAP)}</script><style>@media print{}</style>`;
});

const sheetLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

describe('loadSheet (decision 041)', () => {
  it('resolves at once, fetching nothing, when the server inlined the sheet', async () => {
    document.querySelector('#sheets')!.insertAdjacentHTML('beforebegin', '<style data-sheet="topics">.topic-tree{}</style>');
    await loadSheet('topics');
    expect(sheetLinks()).toHaveLength(0);
  });

  it("fetches another page type's sheet before the map (after the site styles, before print) and resolves once it has loaded, once", async () => {
    let done = false;
    const first = loadSheet('magazine').then(() => (done = true));
    const second = loadSheet('magazine');
    const [link] = sheetLinks();
    expect(sheetLinks()).toHaveLength(1);
    expect(link!.getAttribute('href')).toBe(MAP.magazine);
    expect(link!.nextElementSibling?.id).toBe('sheets');
    await Promise.resolve();
    expect(done).toBe(false);
    link!.dispatchEvent(new Event('load'));
    await Promise.all([first, second]);
    expect(link!.dataset.sheet).toBe('magazine');
    // Loaded: a later page of the same type asks for nothing.
    await loadSheet('magazine');
    expect(sheetLinks()).toHaveLength(1);
  });

  it('lets the page show when the sheet cannot be fetched, and asks again next time', async () => {
    const first = loadSheet('topics');
    sheetLinks()[0]!.dispatchEvent(new Event('error'));
    await first;
    expect(sheetLinks()).toHaveLength(0);
    void loadSheet('topics');
    expect(sheetLinks()).toHaveLength(1);
  });

  it('resolves for a page without the map (a build with no sheets)', async () => {
    document.head.innerHTML = '';
    await loadSheet('search');
    expect(sheetLinks()).toHaveLength(0);
  });
});
