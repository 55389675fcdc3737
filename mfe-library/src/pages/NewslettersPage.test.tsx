import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CUSTOMER_SERVICE_EMAIL, CUSTOMER_SERVICE_PHONES, MESSAGES, bus, userStore, type EventMap, type User } from 'shared-contracts';
import { DISCOVERY_MESSAGES, type Newsletter, type NewsletterSubscriptions } from 'shared-contracts/discovery';
import { mockApiRoutes, sampleUser, type ApiAnswer, type ApiRoute } from 'shared-contracts/src/testing';
import LibraryApp from '../LibraryApp';
import { NewslettersPage } from './NewslettersPage';

const PROMPT = MESSAGES.signIn.prompt;

const catalogue: Newsletter[] = [
  { id: 'nl-daily', kind: 'newsletter', name: 'The Daily Brief', description: 'One idea a day.', frequency: 'Daily', subscriberOnly: false },
  { id: 'nl-leadership', kind: 'newsletter', name: 'Leadership Weekly', description: 'On leading teams.', frequency: 'Weekly', subscriberOnly: false },
  { id: 'nl-insider', kind: 'newsletter', name: 'Subscriber Insider', description: 'For subscribers.', frequency: 'Monthly', subscriberOnly: true },
  { id: 'mc-store', kind: 'marketingCampaign', name: 'Store offers', description: 'Deals from the store.', frequency: 'Monthly', subscriberOnly: false },
  { id: 'mc-events', kind: 'marketingCampaign', name: 'Events and webinars', description: 'Invitations.', frequency: 'Weekly', subscriberOnly: false },
];

const some: NewsletterSubscriptions = { newsletters: ['nl-leadership'], marketingCampaigns: [{ marketingCampaignId: 'mc-store' }] };
const none: NewsletterSubscriptions = { newsletters: [], marketingCampaigns: [] };

/**
 * A fake of the newsletter API that keeps the member's subscriptions and answers every change
 * with them, as the server does. `overrides` replace single routes (failures, held answers).
 */
function newsletterApi(start: NewsletterSubscriptions = some, overrides: Record<string, ApiRoute> = {}) {
  let subs: NewsletterSubscriptions = structuredClone(start);
  const routes: Record<string, ApiRoute> = {
    'GET /api/newsletters': { body: catalogue },
    'GET /service/user/newsletters': () => ({ body: subs }),
    'POST /service/user/newsletters': ({ body }) => {
      const { name } = body as { name: string };
      if (!subs.newsletters.includes(name)) subs = { ...subs, newsletters: [...subs.newsletters, name] };
      return { body: subs };
    },
    'POST /service/user/marketingcampaigns': ({ body }) => {
      const { name } = body as { name: string };
      if (!subs.marketingCampaigns.some((c) => c.marketingCampaignId === name)) {
        subs = { ...subs, marketingCampaigns: [...subs.marketingCampaigns, { marketingCampaignId: name }] };
      }
      return { body: subs };
    },
    'DELETE /service/user/unsubscribe/all': () => {
      subs = structuredClone(none);
      return { body: subs };
    },
  };
  for (const n of catalogue) {
    const path = n.kind === 'newsletter' ? 'newsletters' : 'marketingcampaigns';
    routes[`DELETE /service/user/${path}/${n.id}`] = () => {
      subs =
        n.kind === 'newsletter'
          ? { ...subs, newsletters: subs.newsletters.filter((id) => id !== n.id) }
          : { ...subs, marketingCampaigns: subs.marketingCampaigns.filter((c) => c.marketingCampaignId !== n.id) };
      return { body: subs };
    };
  }
  return mockApiRoutes({ ...routes, ...overrides });
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/email-newsletters']}>
      <NewslettersPage />
    </MemoryRouter>,
  );
}

function signIn(u: User = sampleUser()) {
  act(() => userStore.getState().setUser(u));
}

function setStatus(status: 'unknown' | 'guest') {
  userStore.setState({ status, user: null, quota: null });
}

const subscribeButton = (name: string) => screen.getByRole('button', { name: `Subscribe to ${name}` });
const unsubscribeButton = (name: string) => screen.getByRole('button', { name: `Unsubscribe from ${name}` });
const unsubscribeAllButton = () => screen.getByRole('button', { name: 'Unsubscribe from all' });
const card = (name: string) => screen.getByRole('article', { name });
const status = () => screen.getByText((_, el) => el?.getAttribute('role') === 'status' && el.classList.contains('newsletter-status'));

/** Waits until the catalogue and the member's subscriptions are shown. */
async function loaded() {
  await waitFor(() => expect(status()).not.toHaveTextContent('Loading…'));
}

let offs: (() => void)[] = [];
function listen<K extends keyof EventMap>(type: K) {
  const seen: EventMap[K][] = [];
  offs.push(bus.on(type, (p) => seen.push(p)));
  return seen;
}

function deferred() {
  let release!: (answer: ApiAnswer) => void;
  const promise = new Promise<ApiAnswer>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

beforeEach(() => {
  setStatus('unknown');
});
afterEach(() => {
  offs.forEach((off) => off());
  offs = [];
});

describe('/email-newsletters', () => {
  it('lists newsletters and, in their own section, marketing campaigns, each a card with name, frequency, description and badge', async () => {
    signIn();
    newsletterApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Email Newsletters' })).toBeInTheDocument();
    const newsletters = await screen.findByRole('region', { name: 'Newsletters' });
    const campaigns = screen.getByRole('region', { name: 'Marketing campaigns' });
    expect(
      within(newsletters)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['The Daily Brief', 'Leadership Weekly', 'Subscriber Insider']);
    expect(
      within(campaigns)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Store offers', 'Events and webinars']);

    const daily = card('The Daily Brief');
    expect(within(daily).getByText('Daily')).toBeInTheDocument();
    expect(within(daily).getByText('One idea a day.')).toBeInTheDocument();
    expect(within(daily).queryByText('Subscribers only')).not.toBeInTheDocument();
    expect(within(card('Subscriber Insider')).getByText('Subscribers only')).toBeInTheDocument();
    expect(screen.getAllByText('Subscribers only')).toHaveLength(1);
    expect(within(daily).getByRole('button', { name: 'Subscribe to The Daily Brief' })).toHaveTextContent(/^Subscribe$/);
    expect(within(daily).getByRole('button', { name: 'Unsubscribe from The Daily Brief' })).toHaveTextContent(/^Unsubscribe$/);
    expect(screen.getByText('Newsletters are sent to ada@example.com.')).toBeInTheDocument();
  });

  it("enables Subscribe only when not subscribed and Unsubscribe only when subscribed, from the member's subscriptions", async () => {
    signIn();
    newsletterApi();
    renderPage();
    await loaded();
    expect(subscribeButton('Leadership Weekly')).toBeDisabled();
    expect(unsubscribeButton('Leadership Weekly')).toBeEnabled();
    expect(subscribeButton('Store offers')).toBeDisabled();
    expect(unsubscribeButton('Store offers')).toBeEnabled();
    for (const name of ['The Daily Brief', 'Subscriber Insider', 'Events and webinars']) {
      expect(subscribeButton(name)).toBeEnabled();
      expect(unsubscribeButton(name)).toBeDisabled();
    }
    expect(card('Leadership Weekly')).toHaveAttribute('data-subscribed', 'true');
    expect(card('The Daily Brief')).toHaveAttribute('data-subscribed', 'false');
    expect(unsubscribeAllButton()).toBeEnabled();
  });

  it('subscribes: the Subscribe button is disabled, Unsubscribe enabled and focused, and the change announced', async () => {
    signIn();
    const api = newsletterApi();
    renderPage();
    await loaded();

    await userEvent.click(subscribeButton('The Daily Brief'));

    await waitFor(() => expect(subscribeButton('The Daily Brief')).toBeDisabled());
    expect(unsubscribeButton('The Daily Brief')).toBeEnabled();
    expect(unsubscribeButton('The Daily Brief')).toHaveFocus();
    expect(status()).toHaveTextContent('Subscribed to The Daily Brief.');
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(api.sent('POST /service/user/newsletters')).toEqual([{ name: 'nl-daily', activity: 'subscribe' }]);
  });

  it('subscribes to a marketing campaign through its own call', async () => {
    signIn();
    const api = newsletterApi();
    renderPage();
    await loaded();
    await userEvent.click(subscribeButton('Events and webinars'));
    await waitFor(() => expect(unsubscribeButton('Events and webinars')).toBeEnabled());
    expect(api.sent('POST /service/user/marketingcampaigns')).toEqual([{ name: 'mc-events', activity: 'subscribe' }]);
    expect(status()).toHaveTextContent('Subscribed to Events and webinars.');
  });

  it('unsubscribes: Subscribe is enabled again (SITE-04) and the change announced', async () => {
    signIn();
    const api = newsletterApi();
    renderPage();
    await loaded();

    await userEvent.click(unsubscribeButton('Store offers'));

    await waitFor(() => expect(subscribeButton('Store offers')).toBeEnabled());
    expect(unsubscribeButton('Store offers')).toBeDisabled();
    expect(subscribeButton('Store offers')).toHaveFocus();
    expect(status()).toHaveTextContent('Unsubscribed from Store offers.');
    expect(api.urls('DELETE /service/user/marketingcampaigns/mc-store')).toHaveLength(1);
  });

  it("shows what the server's answer says, not what was asked", async () => {
    signIn();
    newsletterApi(some, {
      // The server answers with its own state: the subscription did not take, another one did.
      'POST /service/user/newsletters': { body: { newsletters: ['nl-insider'], marketingCampaigns: [] } },
    });
    renderPage();
    await loaded();
    await userEvent.click(subscribeButton('The Daily Brief'));
    await waitFor(() => expect(unsubscribeButton('Subscriber Insider')).toBeEnabled());
    expect(subscribeButton('The Daily Brief')).toBeEnabled();
    expect(unsubscribeButton('Leadership Weekly')).toBeDisabled();
    expect(unsubscribeButton('Store offers')).toBeDisabled();
  });

  it('unsubscribes from all: every Unsubscribe and the button itself are disabled, and it is announced', async () => {
    signIn();
    const api = newsletterApi();
    renderPage();
    await loaded();

    await userEvent.click(unsubscribeAllButton());

    await waitFor(() => expect(unsubscribeAllButton()).toBeDisabled());
    for (const n of catalogue) {
      expect(subscribeButton(n.name)).toBeEnabled();
      expect(unsubscribeButton(n.name)).toBeDisabled();
    }
    expect(status()).toHaveTextContent('Unsubscribed from all newsletters.');
    expect(api.urls('DELETE /service/user/unsubscribe/all')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('disables Unsubscribe from all when nothing is subscribed', async () => {
    signIn();
    newsletterApi(none);
    renderPage();
    await loaded();
    expect(unsubscribeAllButton()).toBeDisabled();
    await userEvent.click(subscribeButton('The Daily Brief'));
    await waitFor(() => expect(unsubscribeAllButton()).toBeEnabled());
  });

  it('keeps every button disabled while a change runs', async () => {
    signIn();
    const held = deferred();
    newsletterApi(some, { 'POST /service/user/newsletters': () => held.promise });
    renderPage();
    await loaded();

    await userEvent.click(subscribeButton('The Daily Brief'));

    expect(card('The Daily Brief')).toHaveAttribute('aria-busy', 'true');
    expect(card('Leadership Weekly')).toHaveAttribute('aria-busy', 'false');
    for (const n of catalogue) {
      expect(subscribeButton(n.name)).toBeDisabled();
      expect(unsubscribeButton(n.name)).toBeDisabled();
    }
    expect(unsubscribeAllButton()).toBeDisabled();

    await act(async () => held.release({ body: { ...some, newsletters: ['nl-leadership', 'nl-daily'] } }));

    await waitFor(() => expect(unsubscribeButton('The Daily Brief')).toBeEnabled());
    expect(subscribeButton('Events and webinars')).toBeEnabled();
    expect(card('The Daily Brief')).toHaveAttribute('aria-busy', 'false');
  });

  it("shows the server's message on a subscriber-only newsletter for a non-subscriber (SITE-06)", async () => {
    signIn();
    newsletterApi(some, {
      'POST /service/user/newsletters': { status: 403, body: { message: DISCOVERY_MESSAGES.newsletterSubscribersOnly } },
    });
    renderPage();
    await loaded();

    await userEvent.click(subscribeButton('Subscriber Insider'));

    const alert = await within(card('Subscriber Insider')).findByRole('alert');
    expect(alert).toHaveTextContent(DISCOVERY_MESSAGES.newsletterSubscribersOnly);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(MESSAGES.generic)).not.toBeInTheDocument();
    expect(subscribeButton('Subscriber Insider')).toBeEnabled();
    expect(unsubscribeButton('Subscriber Insider')).toBeDisabled();
    expect(status()).toHaveTextContent(/^$/);
  });

  it('shows the generic failure with the customer-service phones and email when unsubscribing fails (SITE-08)', async () => {
    signIn();
    newsletterApi(some, { 'DELETE /service/user/newsletters/nl-leadership': { status: 500, body: { message: 'boom' } } });
    renderPage();
    await loaded();

    await userEvent.click(unsubscribeButton('Leadership Weekly'));

    const alert = await within(card('Leadership Weekly')).findByRole('alert');
    expect(within(alert).getByText(MESSAGES.generic)).toBeInTheDocument();
    expect(MESSAGES.generic).toBe('We are sorry. We are unable to process your request at this time.');
    for (const phone of CUSTOMER_SERVICE_PHONES) {
      expect(within(alert).getByRole('link', { name: phone.display })).toHaveAttribute('href', `tel:${phone.tel}`);
    }
    expect(within(alert).getByRole('link', { name: CUSTOMER_SERVICE_EMAIL })).toHaveAttribute('href', `mailto:${CUSTOMER_SERVICE_EMAIL}`);
    expect(alert).not.toHaveTextContent('boom');
    // Still subscribed: the state shown is the last one the server gave.
    expect(unsubscribeButton('Leadership Weekly')).toBeEnabled();
    expect(subscribeButton('Leadership Weekly')).toBeDisabled();
  });

  it('shows the generic failure when unsubscribing from all fails on the network, and clears it on a retry that works', async () => {
    signIn();
    let down = true;
    newsletterApi(some, {
      'DELETE /service/user/unsubscribe/all': () => {
        if (down) throw new TypeError('Failed to fetch');
        return { body: none };
      },
    });
    renderPage();
    await loaded();

    await userEvent.click(unsubscribeAllButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.generic);
    expect(unsubscribeButton('Leadership Weekly')).toBeEnabled();

    down = false;
    await userEvent.click(unsubscribeAllButton());
    await waitFor(() => expect(unsubscribeAllButton()).toBeDisabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the generic failure, and a way to try again, when the subscriptions cannot be loaded', async () => {
    signIn();
    let down = true;
    newsletterApi(some, {
      'GET /service/user/newsletters': () => (down ? { status: 500, body: { message: 'boom' } } : { body: some }),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.generic);
    expect(subscribeButton('The Daily Brief')).toBeDisabled();
    expect(unsubscribeButton('Leadership Weekly')).toBeDisabled();

    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(unsubscribeButton('Leadership Weekly')).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the generic failure when the list cannot be loaded', async () => {
    setStatus('guest');
    newsletterApi(some, { 'GET /api/newsletters': { status: 503, body: { message: 'down' } } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.generic);
    expect(screen.queryByRole('region', { name: 'Newsletters' })).not.toBeInTheDocument();
  });

  describe('guests', () => {
    it('see the sign-in prompt above the list, and Subscribe asks the shell to sign in instead of calling the API', async () => {
      setStatus('guest');
      const api = newsletterApi();
      const opened = listen('auth:open');
      renderPage();
      const list = await screen.findByRole('region', { name: 'Newsletters' });
      const prompt = screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === PROMPT);
      expect(prompt.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(subscribeButton('The Daily Brief')).toBeEnabled();
      expect(unsubscribeButton('The Daily Brief')).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Unsubscribe from all' })).not.toBeInTheDocument();

      await userEvent.click(subscribeButton('The Daily Brief'));

      expect(opened).toEqual([{ screen: 'signin', reason: 'newsletter' }]);
      expect(api.urls('POST /service/user/newsletters')).toHaveLength(0);
      expect(api.urls('GET /service/user/newsletters')).toHaveLength(0);
    });

    it('see their subscriptions once they sign in while the page is shown', async () => {
      setStatus('guest');
      newsletterApi();
      renderPage();
      await screen.findByRole('region', { name: 'Newsletters' });
      expect(subscribeButton('Leadership Weekly')).toBeEnabled();

      signIn();

      await waitFor(() => expect(unsubscribeButton('Leadership Weekly')).toBeEnabled());
      expect(subscribeButton('Leadership Weekly')).toBeDisabled();
      expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    });
  });

  it('says Loading… and keeps the buttons disabled until the reader is known', async () => {
    const api = newsletterApi();
    renderPage();
    expect(status()).toHaveTextContent('Loading…');
    await screen.findByRole('region', { name: 'Newsletters' });
    expect(status()).toHaveTextContent('Loading…');
    expect(subscribeButton('The Daily Brief')).toBeDisabled();
    expect(unsubscribeAllButton()).toBeDisabled();
    expect(api.urls('GET /service/user/newsletters')).toHaveLength(0);
  });

  it('is the page LibraryApp shows at /email-newsletters', async () => {
    signIn();
    newsletterApi();
    render(
      <MemoryRouter initialEntries={['/email-newsletters']}>
        <Routes>
          <Route path="*" element={<LibraryApp />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Newsletters' })).toBeInTheDocument();
    await waitFor(() => expect(unsubscribeButton('Leadership Weekly')).toBeEnabled());
  });
});
