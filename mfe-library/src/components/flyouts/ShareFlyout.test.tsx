import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FLYOUT_CONFIRMATION_MS, MESSAGES } from 'shared-contracts';
import { LIBRARY_MESSAGES, SHARE_DESCRIPTION_MAX, SHARE_MAX_RECIPIENTS, SHARE_MESSAGE_MAX, sharePopupUrl } from 'shared-contracts/library';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { shareConnectedKey } from './shareConnection';
import { shareDescription } from './ShareFlyout';
import { article, openFlyout, removeAdded, setStatus, signIn, stopListening } from '../../testing/flyouts';

let openSpy: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  setStatus('unknown');
  openSpy = jest.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  openSpy.mockRestore();
  stopListening();
  removeAdded();
  jest.useRealTimers();
});

const shareArticle = { kind: 'share', item: article } as const;
const pageUrl = `${window.location.origin}${article.url}`;

function shareApi() {
  return mockApiRoutes({ 'POST /service/user/share': { body: { message: 'Shared' } } });
}

async function emailTab() {
  await userEvent.click(screen.getByRole('tab', { name: 'Email' }));
  return screen.getByRole('tabpanel');
}

describe('share flyout: tabs', () => {
  it('has tabs for Facebook, X, LinkedIn and Email, Facebook first, arrows moving between them', async () => {
    signIn();
    shareApi();
    openFlyout(shareArticle);
    const tablist = screen.getByRole('tablist', { name: 'Share with' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Facebook', 'X', 'LinkedIn', 'Email']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Facebook');

    tabs[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'X' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'X' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('X');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Email' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Facebook' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Email');
  });
});

describe('share flyout: networks', () => {
  it("reads 'Connect with' first; a click opens a 700x450 popup without opener, records a member's share and confirms", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    signIn();
    const api = shareApi();
    const { onDone } = openFlyout(shareArticle);

    await user.click(screen.getByRole('button', { name: 'Connect with Facebook' }));

    expect(openSpy).toHaveBeenCalledTimes(1);
    const [url, target, features] = openSpy.mock.calls[0] as [string, string, string];
    expect(url).toBe(sharePopupUrl('facebook', pageUrl, article.title));
    expect(target).toBe('share');
    expect(features).toMatch(/(^|,)width=700(,|$)/);
    expect(features).toMatch(/(^|,)height=450(,|$)/);
    expect(features).toMatch(/(^|,)noopener(,|$)/);
    expect(localStorage.getItem('tmr:share-connected:facebook')).toBe('1');
    expect(await screen.findByText('Shared via Facebook')).toHaveAttribute('role', 'status');
    expect(api.sent('POST /service/user/share')).toEqual([{ url: article.url, description: article.summary, provider: 'facebook' }]);
    act(() => jest.advanceTimersByTime(FLYOUT_CONFIRMATION_MS));
    expect(onDone).toHaveBeenCalledWith({ message: 'Shared via Facebook' });
  });

  it("reads 'Share on' a network once connected in this browser, 'Connect with' the others", async () => {
    signIn();
    shareApi();
    localStorage.setItem(shareConnectedKey('twitter'), '1');
    openFlyout(shareArticle);
    expect(screen.getByRole('button', { name: 'Connect with Facebook' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'X' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share on X' }));
    expect(openSpy.mock.calls[0]?.[0]).toBe(sharePopupUrl('twitter', pageUrl, article.title));
    expect(await screen.findByText('Shared via X')).toBeInTheDocument();
  });

  it("switches from 'Connect with' to 'Share on' after the first popup", async () => {
    setStatus('guest');
    shareApi();
    const first = openFlyout(shareArticle);
    await userEvent.click(screen.getByRole('tab', { name: 'LinkedIn' }));
    await userEvent.click(screen.getByRole('button', { name: 'Connect with LinkedIn' }));
    await screen.findByText('Shared via LinkedIn');
    first.unmount();

    openFlyout(shareArticle);
    await userEvent.click(screen.getByRole('tab', { name: 'LinkedIn' }));
    expect(screen.getByRole('button', { name: 'Share on LinkedIn' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Facebook' }));
    expect(screen.getByRole('button', { name: 'Connect with Facebook' })).toBeInTheDocument();
  });

  it("does not record a guest's network share", async () => {
    setStatus('guest');
    const api = shareApi();
    openFlyout(shareArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Connect with Facebook' }));
    expect(await screen.findByText('Shared via Facebook')).toBeInTheDocument();
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

describe('share flyout: email', () => {
  it('asks only for To and a message when signed in, and shows the title and the summary', async () => {
    signIn();
    shareApi();
    openFlyout(shareArticle);
    const panel = await emailTab();
    expect(within(panel).getByRole('textbox', { name: 'To' })).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'From' })).not.toBeInTheDocument();
    expect(within(panel).getByText(article.title)).toBeInTheDocument();
    expect(within(panel).getByText(article.summary!)).toBeInTheDocument();
  });

  it('truncates a long summary with an ellipsis', async () => {
    signIn();
    shareApi();
    const summary = `${'Lorem ipsum dolor sit amet, '.repeat(20)}the end.`;
    openFlyout({ kind: 'share', item: { ...article, summary } });
    const panel = await emailTab();
    const shown = within(panel).getByText(/^Lorem ipsum/);
    expect(shown.textContent!.endsWith('...')).toBe(true);
    expect(shown.textContent!.length).toBeLessThanOrEqual(SHARE_DESCRIPTION_MAX);
    expect(shown.textContent).not.toContain('the end.');
    expect(shareDescription({ ...article, summary })).toBe(shown.textContent);
  });

  it("requires To: 'This field is required.' announced on the field, nothing sent", async () => {
    signIn();
    const api = shareApi();
    openFlyout(shareArticle);
    const panel = await emailTab();
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    const to = within(panel).getByRole('textbox', { name: 'To' });
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.required));
    expect(within(panel).getByRole('alert')).toHaveTextContent('This field is required.');
    expect(to).toHaveFocus();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('takes several comma-separated addresses, each of which must be valid', async () => {
    signIn();
    const api = shareApi();
    openFlyout(shareArticle);
    const panel = await emailTab();
    const to = within(panel).getByRole('textbox', { name: 'To' });
    await userEvent.type(to, 'ann@example.com, not-an-address');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(to).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address.'));
    expect(api.fetch).not.toHaveBeenCalled();

    // The error follows the value once shown.
    await userEvent.clear(to);
    await userEvent.type(to, 'ann@example.com, bob@example.org');
    expect(to).not.toHaveAttribute('aria-invalid');
  });

  it("sends to every address with the message and confirms 'Shared via email'", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    signIn();
    const api = shareApi();
    const { onDone } = openFlyout(shareArticle);
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'To' }), 'ann@example.com, bob@example.org,');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Worth a read');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Shared via email')).toHaveAttribute('role', 'status');
    expect(api.sent('POST /service/user/share')).toEqual([
      {
        url: article.url,
        description: article.summary,
        provider: 'email',
        sharedWith: ['ann@example.com', 'bob@example.org'],
        message: 'Worth a read',
      },
    ]);
    act(() => jest.advanceTimersByTime(FLYOUT_CONFIRMATION_MS));
    expect(onDone).toHaveBeenCalledWith({ message: 'Shared via email' });
  });

  it('shows a guest the sign-in prompt instead of the form: only members share by email', async () => {
    setStatus('guest');
    const api = shareApi();
    openFlyout(shareArticle);
    const panel = await emailTab();
    expect(panel).toHaveTextContent(MESSAGES.signIn.prompt);
    expect(within(panel).getByRole('button', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it(`refuses more than ${SHARE_MAX_RECIPIENTS} addresses before sending, and limits the message to ${SHARE_MESSAGE_MAX} characters`, async () => {
    signIn();
    const api = shareApi();
    openFlyout(shareArticle);
    const panel = await emailTab();
    const to = within(panel).getByRole('textbox', { name: 'To' });
    const many = Array.from({ length: SHARE_MAX_RECIPIENTS + 1 }, (_, i) => `r${i}@example.com`).join(', ');
    await userEvent.click(to);
    await userEvent.paste(many);
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(to).toHaveAccessibleDescription(expect.stringContaining(LIBRARY_MESSAGES.shareTooManyRecipients));
    expect(to).toHaveFocus();
    expect(api.fetch).not.toHaveBeenCalled();
    expect(within(panel).getByRole('textbox', { name: 'Message' })).toHaveAttribute('maxLength', String(SHARE_MESSAGE_MAX));
  });

  it.each([
    [403, LIBRARY_MESSAGES.shareEmailUnverified],
    [429, LIBRARY_MESSAGES.shareDailyLimit],
    [401, MESSAGES.signIn.prompt],
  ])("shows the server's words for a %s (address not confirmed, the day's allowance, signed out)", async (status, message) => {
    signIn();
    mockApiRoutes({ 'POST /service/user/share': { status, body: { message } } });
    const { onDone } = openFlyout(shareArticle);
    const panel = await emailTab();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'To' }), 'ann@example.com');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByText(message)).toHaveAttribute('role', 'alert');
    expect(within(panel).getByRole('textbox', { name: 'To' })).toHaveValue('ann@example.com');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the errors of a 400 on their fields', async () => {
    signIn();
    mockApiRoutes({
      'POST /service/user/share': {
        status: 400,
        body: {
          message: 'Invalid request',
          errors: [
            { field: 'sharedWith', errorMessage: 'Please enter a valid email address.' },
            { field: 'message', errorMessage: 'This message is too long.' },
          ],
        },
      },
    });
    const { onDone } = openFlyout(shareArticle);
    const panel = await emailTab();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'To' }), 'ann@example.com');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    const to = within(panel).getByRole('textbox', { name: 'To' });
    await screen.findByText('This message is too long.');
    expect(to).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address.'));
    expect(within(panel).getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('This message is too long.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it("shows a 400's message when it names no field", async () => {
    signIn();
    mockApiRoutes({ 'POST /service/user/share': { status: 400, body: { message: 'Only pages of this site can be shared.' } } });
    openFlyout(shareArticle);
    const panel = await emailTab();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'To' }), 'ann@example.com');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Only pages of this site can be shared.')).toHaveAttribute('role', 'alert');
  });

  it('shows the generic failure for other failures and keeps what was typed', async () => {
    signIn();
    mockApiRoutes({ 'POST /service/user/share': { status: 500, body: { message: 'boom' } } });
    openFlyout(shareArticle);
    const panel = await emailTab();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'To' }), 'ann@example.com');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGES.generic)).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'To' })).toHaveValue('ann@example.com');
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
