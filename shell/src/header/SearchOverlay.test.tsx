import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import type { SearchSuggestion } from 'shared-contracts/discovery';
import { mockApiRoutes, type ApiAnswer } from 'shared-contracts/src/testing';
import { LocationProbe } from '../discovery/testing';
import { Header } from './Header';

jest.mock('../RemoteSlot', () => ({
  RemoteSlot: () => null,
  SlotFallback: () => null,
}));

const AUTO_SUGGEST = 'GET /service/search/auto-suggest';

function suggestion(term: string, records = 2, subjects = 1): SearchSuggestion {
  return {
    records: Array.from({ length: records }, (_, i) => ({
      title: `${term} record ${i + 1}`,
      link: `/2025/03/${term}-${i + 1}`,
      contentType: 'Digital Article',
    })),
    subjects: Array.from({ length: subjects }, (_, i) => ({ name: `${term} subject ${i + 1}`, link: `?term=${term}&topic=subject-${i + 1}` })),
  };
}

/**
 * The API's auto-suggest: every request waits until the test answers it (`answer(term)`, inside
 * act), so answers arrive exactly when a test says, in the order it says.
 */
function mockSuggest(reply: (term: string) => SearchSuggestion = (t) => suggestion(t)) {
  const waiting = new Map<string, ((a: ApiAnswer) => void)[]>();
  const api = mockApiRoutes({
    [AUTO_SUGGEST]: ({ url }) => {
      const term = url.searchParams.get('term') ?? '';
      return new Promise<ApiAnswer>((resolve) => waiting.set(term, [...(waiting.get(term) ?? []), resolve]));
    },
  });
  return {
    api,
    terms: () => api.urls(AUTO_SUGGEST).map((u) => u.searchParams.get('term')),
    /** Answers the requests for `term` and lets the answer reach the page. */
    answer: (term: string) =>
      act(async () => {
        // The request reaches the fetch stand-in a few microtasks after it is made.
        for (let i = 0; i < 5 && !waiting.has(term); i++) await Promise.resolve();
        for (const resolve of waiting.get(term) ?? []) resolve({ body: reply(term) });
        waiting.delete(term);
      }),
  };
}

function renderHeader() {
  act(() => userStore.getState().setUser(null));
  return render(
    <MemoryRouter initialEntries={['/topics']}>
      <Header />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** Moves the fake clock and lets the answers it released reach the page. */
const advance = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms);
  });

async function openSearch(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Search' });
  const input = await within(dialog).findByRole('searchbox', { name: 'Search' });
  return { dialog, input };
}

/** A user whose waits move the fake clock. */
const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

/** The overlay open with 'lea' typed and its suggestions shown. */
async function suggestionsForLea() {
  const s = mockSuggest();
  const user = setup();
  renderHeader();
  const { input } = await openSearch(user);
  await user.type(input, 'lea');
  await s.answer('lea');
  return { s, user, input };
}

describe('search overlay', () => {
  // The fetch stand-in's answers settle through nextTick and setImmediate: only the clock is fake.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('opens a modal dialog named Search with the search field focused', async () => {
    mockSuggest();
    const user = setup();
    renderHeader();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const { dialog, input } = await openSearch(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(input).toHaveAttribute('type', 'search');
    expect(input).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('asks nothing for one or two characters', async () => {
    const s = mockSuggest();
    const user = setup();
    renderHeader();
    const { input } = await openSearch(user);
    await user.type(input, 'ab');
    await advance(1000);
    expect(s.terms()).toEqual([]);
    await user.clear(input);
    await user.type(input, '  ab  ');
    await advance(1000);
    expect(s.terms()).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Suggested articles' })).not.toBeInTheDocument();
  });

  it('asks at most once per 350 ms, and always for the last term', async () => {
    const s = mockSuggest();
    const user = setup();
    renderHeader();
    const { input } = await openSearch(user);
    await user.type(input, 'str');
    expect(s.terms()).toEqual(['str']); // the first term over 2 characters is asked at once
    await user.type(input, 'ate');
    expect(s.terms()).toEqual(['str']);
    await advance(349);
    expect(s.terms()).toEqual(['str']);
    await advance(1);
    expect(s.terms()).toEqual(['str', 'strate']);
    await user.type(input, 'g');
    await user.type(input, 'y');
    await advance(350);
    expect(s.terms()).toEqual(['str', 'strate', 'strategy']);
    await advance(2000);
    expect(s.terms()).toEqual(['str', 'strate', 'strategy']);
    await s.answer('strategy');
    expect(screen.getByRole('link', { name: /strategy record 1/ })).toBeInTheDocument();
  });

  it('shows at most 6 records and 3 subjects as links, prefixing links that begin with ? with /search', async () => {
    const s = mockSuggest((t) => suggestion(t, 9, 5));
    const user = setup();
    renderHeader();
    const { input } = await openSearch(user);
    await user.type(input, 'lea');
    await s.answer('lea');
    const records = screen.getByRole('list', { name: 'Suggested articles' });
    const recordLinks = within(records).getAllByRole('link');
    expect(recordLinks).toHaveLength(6);
    expect(recordLinks[0]).toHaveTextContent('lea record 1 Digital Article');
    expect(recordLinks[0]).toHaveAttribute('href', '/2025/03/lea-1');
    const subjects = within(screen.getByRole('list', { name: 'Suggested topics' })).getAllByRole('link');
    expect(subjects).toHaveLength(3);
    expect(subjects[0]).toHaveTextContent('Topic lea subject 1');
    expect(subjects[0]).toHaveAttribute('href', '/search?term=lea&topic=subject-1');
  });

  it("ignores an answer that arrives after a later term's request", async () => {
    const s = mockSuggest();
    const user = setup();
    renderHeader();
    const { input } = await openSearch(user);
    await user.type(input, 'lea');
    await user.type(input, 'd');
    await advance(350);
    expect(s.terms()).toEqual(['lea', 'lead']);
    await s.answer('lead');
    expect(screen.getByRole('link', { name: /lead record 1/ })).toBeInTheDocument();
    // The older answer comes last: it is not shown.
    await s.answer('lea');
    expect(screen.queryByRole('link', { name: /^lea record 1/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /lead record 1/ })).toBeInTheDocument();
  });

  it('clears the suggestions when the term gets short again', async () => {
    const { user, input } = await suggestionsForLea();
    expect(screen.getByRole('list', { name: 'Suggested articles' })).toBeInTheDocument();
    await user.type(input, '{Backspace}{Backspace}');
    expect(screen.queryByRole('list', { name: 'Suggested articles' })).not.toBeInTheDocument();
  });

  it('Escape closes it and gives focus back to the Search button', async () => {
    mockSuggest();
    const user = setup();
    renderHeader();
    await openSearch(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Tab inside the dialog', async () => {
    mockSuggest();
    const user = setup();
    renderHeader();
    const { dialog, input } = await openSearch(user);
    const close = within(dialog).getByRole('button', { name: 'Close search' });
    const go = within(dialog).getByRole('button', { name: 'Go' });
    await user.tab();
    expect(go).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(go).toHaveFocus();
    await user.tab({ shift: true });
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('submitting goes to the search page for the term and closes the overlay', async () => {
    mockSuggest();
    const user = setup();
    renderHeader();
    const { input } = await openSearch(user);
    await user.type(input, '  team culture {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?term=team+culture');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a suggestion link navigates and closes the overlay', async () => {
    const { user } = await suggestionsForLea();
    await user.click(screen.getByRole('link', { name: /Topic lea subject 1/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search?term=lea&topic=subject-1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  it('moves through the suggestions with the arrow keys, back to the field, and Enter follows one', async () => {
    const { s, user, input } = await suggestionsForLea();
    const [first, second] = within(screen.getByRole('list', { name: 'Suggested articles' })).getAllByRole('link');
    const topic = within(screen.getByRole('list', { name: 'Suggested topics' })).getByRole('link');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('list', { name: 'Suggested articles' }).parentElement?.id);
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(topic).toHaveFocus(); // from the articles on to the topics
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveFocus(); // past the last, back to the field
    await user.keyboard('{ArrowUp}');
    expect(topic).toHaveFocus(); // from the field up to the last
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    await user.keyboard('{End}');
    expect(topic).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input).toHaveFocus();
    // Typing on a suggestion goes on in the field.
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('d');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('lead');
    await advance(350);
    await s.answer('lead');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/2025/03/lead-1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says which term the suggestions shown answer (data-suggestions-for), the newest answer only', async () => {
    const { s, user } = await suggestionsForLea();
    const shown = () => screen.getByRole('list', { name: 'Suggested articles' }).parentElement;
    expect(shown()).toHaveAttribute('data-suggestions-for', 'lea');
    await user.keyboard('d');
    expect(shown()).toHaveAttribute('data-suggestions-for', 'lea');
    await advance(350);
    await s.answer('lead');
    expect(shown()).toHaveAttribute('data-suggestions-for', 'lead');
  });

  it('gives focus back to the field when a new answer replaces the suggestion the reader was on', async () => {
    const { s, user, input } = await suggestionsForLea();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /^lea record 1/ })).toHaveFocus();
    await user.keyboard('d');
    await advance(350);
    await s.answer('lead');
    expect(screen.queryByRole('link', { name: /^lea record 1/ })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('leaves the arrow keys to the field while there are no suggestions', async () => {
    mockSuggest();
    const user = setup();
    renderHeader();
    const { input } = await openSearch(user);
    await user.type(input, 'le');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveFocus();
    expect(input).not.toHaveAttribute('aria-controls');
  });

  it('Escape on a suggestion closes the overlay', async () => {
    const { user } = await suggestionsForLea();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
  });
});
