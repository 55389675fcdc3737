/**
 * Accounts, end to end: registration with profile settings and the mailed email confirmation, the
 * lockout, the mailed password reset and sign-out with a hostile return path. Every account here is fresh, so no test can lock
 * another test's user.
 */
import { expect, expectSlot, holdRequests, slot, test } from '../fixtures';
import { confirmationLink, newestMail, registerAccount, signIn, uniqueEmail } from '../session';

const PASSWORD = 'Strong#Pass2026';

test('a reader registers, fills profile settings and is signed in in the shell and the remotes', async ({ page }) => {
  const email = uniqueEmail('new-reader');
  await page.goto('/register');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await main.getByLabel('First name').fill('Nadia');
  await main.getByLabel('Last name').fill('Okafor');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText(`Your account has been created, ${email}`)).toBeVisible();
  await main.getByLabel('Industry').selectOption('Media');
  await main.getByLabel('Job title').selectOption('Manager/Senior Manager');
  await main.getByLabel('Company size').selectOption('100 to 499');
  await main.getByRole('button', { name: 'Save' }).click();

  // The registration lands on its next steps.
  await expect(page).toHaveURL(/\/registration-complete$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nadia' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Nadia' })).toBeVisible();

  // A remote on the same page sees the same reader.
  await page.goto('/my-library');
  await expectSlot(page, 'library/App', 'ready');
  await expect(slot(page, 'library/App').getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
  await expect(slot(page, 'library/App')).not.toContainText('please SIGN IN or REGISTER');
  await expect(page.getByRole('button', { name: 'Account menu for Nadia' })).toBeVisible();

  // The profile settings reached the server.
  const profile = (await (await page.request.get('/service/user/profile')).json()) as Record<string, unknown>;
  expect(profile).toMatchObject({
    emailAddress: email,
    industry: 'Media',
    jobTitle: 'Manager/Senior Manager',
    companySize: '100 to 499',
    status: 'registered',
  });

  // Until the reader follows the link mailed to the address, a prompt under the header asks them to.
  const prompt = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(prompt).toContainText(`Please confirm your email address. We sent a link to ${email}.`);
  await page.goto(await confirmationLink(page.request, email));
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your email address is confirmed.');
  await expect(prompt).toHaveCount(0);
  expect(await (await page.request.get('/service/user/profile')).json()).toMatchObject({ emailVerified: true });
});

test('an unconfirmed reader asks for a new link; the old one no longer works, the new one confirms once', async ({ page }) => {
  const account = await registerAccount(page.request, 'unconfirmed', { confirm: false });
  const first = await confirmationLink(page.request, account.email);
  await page.goto('/');
  const prompt = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(prompt).toContainText(`We sent a link to ${account.email}.`);
  await prompt.getByRole('button', { name: 'Resend the link' }).click();
  await expect(prompt.getByRole('status')).toHaveText(`We sent a new link to ${account.email}.`);

  const second = await confirmationLink(page.request, account.email);
  expect(second).not.toBe(first);
  await page.goto(first);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This confirmation link has already been used.');
  await page.goto(second);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your email address is confirmed.');
  await expect(prompt).toHaveCount(0);
  await page.goto(second);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This confirmation link has already been used.');
});

test('registering in the modal updates a remote on the same page without a reload', async ({ page }) => {
  await page.goto('/my-library');
  await expectSlot(page, 'library/App', 'ready');
  const library = slot(page, 'library/App');
  await expect(library).toContainText('To access this feature, please SIGN IN or REGISTER');
  await page.evaluate(() => ((window as unknown as Record<string, unknown>).__sameDocument = true));

  await library.getByRole('button', { name: 'SIGN IN' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Create one.' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  const email = uniqueEmail('modal-reader');
  await dialog.getByLabel('First name').fill('Tomas');
  await dialog.getByLabel('Last name').fill('Berg');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();

  // The modal moves on to profile settings while the remote already shows the new reader.
  await expect(page.getByRole('dialog', { name: 'Tell us about yourself' })).toBeVisible();
  await expect(library.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Tomas' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument)).toBe(true);

  // 'Maybe later' closes and reloads; the reader stays signed in.
  await page.getByRole('button', { name: 'Maybe later' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(library.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument)).toBeUndefined();
});

test('wrong passwords count down the tries, then the account is locked with its unlock time', async ({ page, request }) => {
  const account = await registerAccount(request, 'lockout');
  await page.goto('/#signin');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  const password = dialog.getByLabel('Password', { exact: true });
  const submit = dialog.getByRole('button', { name: 'Sign In' });
  const alert = dialog.getByRole('alert').filter({ hasText: /./ });

  const expected = [
    'You have entered an invalid email and password combination. Please try again. You have 4 tries left.',
    'You have entered an invalid email and password combination. Please try again. You have 3 tries left.',
    'You have entered an invalid email and password combination. Please try again. You have 2 tries left.',
    'You have entered an invalid email and password combination. Please try again. You have 1 try left.',
  ];
  for (const message of expected) {
    await password.fill('Not-the-password1!');
    await submit.click();
    await expect(alert).toHaveText(message);
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await password.fill('Not-the-password1!');
  await submit.click();
  await expect(alert).toHaveText(
    'Your account is blocked, please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service.',
  );

  // Now even the right password is refused, and the wait is counted down from the lock.
  await password.fill(account.password);
  await submit.click();
  await expect(alert).toHaveText(/^Your account is blocked, please wait (24|23) hours to unlock and try again\./);
  const profile = await page.request.get('/service/user/profile');
  expect(profile.status()).toBe(401);
});

test('forgot password: the mailed link resets the password, once, and the new one signs in', async ({ page, request }) => {
  const account = await registerAccount(request, 'forgot');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Forgot your password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email', { exact: true }).fill(account.email);
  await forgot.getByRole('button', { name: 'Send link' }).click();
  await expect(forgot).toContainText('If your email is registered with us, you will receive an email with a link to reset your password.');

  const mail = await newestMail(request, account.email);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeTruthy();
  const newPassword = 'Renewed#Pass2026';
  await page.goto(link ?? '');
  const main = page.getByRole('main');
  await main.getByLabel('New password', { exact: true }).fill(newPassword);
  await main.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(main.getByRole('status')).toContainText(/./);

  // The old password no longer works; the new one does.
  const old = await request.post('/authenticate', {
    headers: { 'X-Requested-With': 'magazine-site' },
    data: { username: account.email, password: account.password, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' },
  });
  expect(old.status()).toBe(401);
  await main.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: `Account menu for ${account.firstName}` })).toBeVisible();

  // The link was single-use.
  await page.goto(link ?? '');
  await main.getByLabel('New password', { exact: true }).fill('Another#Pass2026');
  await main.getByLabel('Confirm password', { exact: true }).fill('Another#Pass2026');
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(main.getByRole('alert').filter({ hasText: /./ })).toBeVisible();
});

test('sign-out with a hostile return path lands on this site, signed out', async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Account menu for Robin' })).toBeVisible();
  for (const hostile of ['https://evil.example/phish', '//evil.example/phish', '/\\evil.example']) {
    await page.goto(`/logout?returnPath=${encodeURIComponent(hostile)}`);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await page.request.get('/service/user/profile')).status()).toBe(401);
});

test('sign-out from the user menu returns to the page the reader was on', async ({ page }) => {
  await signIn(page);
  await page.goto('/topics');
  await page.getByRole('button', { name: 'Account menu for Robin' }).click();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/topics$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('each subscriber tier shows its caption in the header; Executive and All Access show none', async ({ page }) => {
  const tiers = [
    ['good@example.com', 'Digital'],
    ['better@example.com', 'Digital + Print'],
    ['subscriber@example.com', 'Premium'],
    ['executive@example.com', null],
    ['allaccess@example.com', null],
  ] as const;
  for (const [email, caption] of tiers) {
    await page.context().clearCookies();
    await signIn(page, { email, password: 'Reader#2025pass' });
    const me = (await (await page.request.get('/service/user/profile')).json()) as { firstName: string; status: string };
    expect(me.status).toBe('subscriber');
    await page.goto('/');
    const menu = page.getByRole('button', { name: `Account menu for ${me.firstName}` });
    await expect(menu).toBeVisible();
    if (caption) await expect(menu).toHaveAccessibleDescription(caption);
    else await expect(menu).toHaveText(me.firstName);
    await expect(page.locator('html')).toHaveAttribute('data-site-state', 'subscribers');
  }
});

test('a restricted reader is told to contact Customer Service, and a failed sign-in reaches the data layer', async ({ page }) => {
  await page.goto('/#signin');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill('restricted@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('Reader#2025pass');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: /./ })).toHaveText(
    "We're having trouble verifying your account. Please contact our Customer Service team for assistance.",
  );
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []);
  expect(events).toContainEqual(expect.objectContaining({ event: 'login_failure', reason: 'user_restricted' }));
  expect((await page.request.get('/service/user/profile')).status()).toBe(401);
});

test('the modal in a frame posts OnClose and OnGoBack to its parent at the site origin', async ({ page, baseURL }) => {
  await page.goto('/topics');
  await page.evaluate(() => {
    const w = window as unknown as { frameMessages: { data: unknown; origin: string }[] };
    w.frameMessages = [];
    window.addEventListener('message', (e) => w.frameMessages.push({ data: e.data, origin: e.origin }));
    const frame = document.createElement('iframe');
    frame.title = 'Account';
    frame.src = '/auth/frame?action=forgot-password';
    document.body.append(frame);
  });
  const frame = page.frameLocator('iframe[title="Account"]');
  const dialog = frame.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog).toBeVisible();
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await frame.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Close' }).click();
  const origin = new URL(baseURL ?? '').origin;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { frameMessages: unknown[] }).frameMessages))
    .toEqual([
      { data: { type: 'OnGoBack' }, origin },
      { data: { type: 'OnClose' }, origin },
    ]);
});

test('a reader who scrolled the framed modal before its scripts arrived keeps their place, and Go back works', async ({ page }) => {
  // The frame is small (an iframe's default 300x150), and the shell's scripts arrive late.
  const release = await holdRequests(page, '**/main.js');
  await page.goto('/topics', { waitUntil: 'commit' });
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.title = 'Account';
    frame.src = '/auth/frame?action=forgot-password';
    document.body.append(frame);
  });
  const frame = page.frameLocator('iframe[title="Account"]');
  const goBack = frame.getByRole('dialog', { name: 'Reset your password' }).getByRole('button', { name: 'Go back' });
  // The reader scrolls the server's dialog down to 'Go back' meanwhile.
  await goBack.scrollIntoViewIfNeeded();
  const scrolled = await goBack.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  release();
  await expect(frame.locator('html[data-hydrated]')).toHaveCount(1);
  // The dialog's first field takes the focus without scrolling the reader away from their button.
  await expect(frame.getByLabel('Email')).toBeFocused();
  expect(await goBack.evaluate(() => window.scrollY)).toBe(scrolled);
  await goBack.click();
  await expect(frame.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test("the reader's own browser, locked by its wrong passwords, offers the reset that lifts its lock", async ({ page, request }) => {
  const account = await registerAccount(request, 'device-lock');
  // The reader signed in in this browser before (its device cookie), then signed out.
  const first = await page.request.post('/authenticate', {
    headers: { 'X-Requested-With': 'magazine-site' },
    data: { username: account.email, password: account.password, reCaptchaToken: 'e2e', deviceType: 'WEB_SITE' },
  });
  expect(first.ok()).toBe(true);
  await page.request.post('/service/user/logout', { headers: { 'X-Requested-With': 'magazine-site' } });

  await page.goto('/#signin');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  const alert = dialog.getByRole('alert').filter({ hasText: /./ });
  for (let left = 4; left >= 0; left--) {
    await dialog.getByLabel('Password', { exact: true }).fill('Not-the-password1!');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(alert).toContainText(left > 0 ? `You have ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'Your account is blocked');
  }
  await expect(alert).toHaveText(
    'Your account is blocked, please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service or reset your password.',
  );
  await expect(alert.getByRole('link', { name: 'Customer Service' })).toHaveAttribute('href', '/subscriber-help#contact-customer-service');

  // 'reset your password' opens the forgot-password screen; the mailed link sets a new password...
  await alert.getByRole('button', { name: 'reset your password' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email', { exact: true }).fill(account.email);
  await forgot.getByRole('button', { name: 'Send link' }).click();
  await expect(forgot).toContainText('If your email is registered with us, you will receive an email with a link to reset your password.');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec((await newestMail(request, account.email)).body)?.[0] ?? '';
  const newPassword = 'Renewed#Pass2026';
  await page.goto(link);
  const main = page.getByRole('main');
  await main.getByLabel('New password', { exact: true }).fill(newPassword);
  await main.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(main.getByRole('status')).toContainText(/./);

  // ...and this browser signs in with it: the reset lifted its lock.
  await main.getByRole('button', { name: 'Sign in' }).click();
  const again = page.getByRole('dialog', { name: 'Sign In' });
  await again.getByLabel('Email', { exact: true }).fill(account.email);
  await again.getByLabel('Password', { exact: true }).fill(newPassword);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: `Account menu for ${account.firstName}` })).toBeVisible();
});
