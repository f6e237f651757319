import {
  BASE_URL,
  createAccount,
  DEMO,
  dismissIntroWhenShown,
  expect,
  expectNoSeriousA11yViolations,
  login,
  loginForm,
  test,
  toast,
} from './fixtures.ts';

// Incidents (issue 14, D24): an admin writes a conduct report and suspends the member through the Incidents tab; the
// member's session ends and sign-in is refused with the end date, yet they read the decision and appeal it (/conduct). A warning shows on another member's dashboard and
// they appeal once. The API tests hold the rules (windows, concurrency, audit); this is the journey in a browser.

test('an admin suspends a member: their session ends, sign-in is refused, and they appeal from /conduct', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const lastName = `Offender${Date.now().toString(36)}`;
  const member = await createAccount('player', { firstName: 'Casey', lastName });

  // The member is signed in on their own browser.
  const memberContext = await browser.newContext({ baseURL: BASE_URL });
  const memberPage = await memberContext.newPage();
  await dismissIntroWhenShown(memberPage);
  await login(memberPage, member.email, member.password);
  expect((await memberPage.request.get('/api/auth/user')).status()).toBe(200);

  await login(page, DEMO.admin);
  await page.goto('/admin?tab=incidents');
  const panel = page.getByRole('tabpanel', { name: 'Incidents' });
  await expect(panel.getByRole('heading', { name: 'Incident Reports' })).toBeVisible();
  await expect(
    panel.getByRole('list', { name: 'Incidents' }).or(panel.getByText('No incidents reported')),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin?tab=incidents');

  // New Incident: the member is required, then found by name.
  await panel.getByRole('button', { name: 'New Incident' }).click();
  const create = page.getByRole('dialog', { name: 'New Incident' });
  await create.getByRole('button', { name: 'Create Incident' }).click();
  await expect(create.getByText('Please choose the member this is about')).toBeVisible();
  await create.getByRole('searchbox', { name: 'Find member' }).fill(lastName);
  await create.getByRole('radio', { name: new RegExp(lastName) }).check();
  await create.getByRole('textbox', { name: 'What happened' }).fill('Shoved the referee after the final whistle.');
  await expectNoSeriousA11yViolations(page, 'New Incident dialog');
  await create.getByRole('button', { name: 'Create Incident' }).click();
  await expect(toast(page, 'Incident Created')).toBeVisible();
  await expect(create).toHaveCount(0);

  // Decide: a 3-day suspension with the reason the member reads.
  const card = panel
    .getByRole('listitem')
    .filter({ hasText: `Casey ${lastName}` })
    .filter({ hasText: 'Open' });
  await expect(card).toContainText('Shoved the referee after the final whistle.');
  await card.getByRole('button', { name: /^Decide/ }).click();
  const decide = page.getByRole('dialog', { name: /Decide incident/ });
  await decide.getByRole('combobox', { name: 'Consequence' }).selectOption('suspension');
  await decide.getByRole('spinbutton', { name: 'Days' }).fill('3');
  await decide.getByRole('textbox', { name: /Reason/ }).fill('Physical contact with an official.');
  await expectNoSeriousA11yViolations(page, 'Decide dialog');
  await decide.getByRole('button', { name: 'Decide' }).click();
  await expect(toast(page, 'Incident Decided')).toBeVisible();
  const decided = panel
    .getByRole('listitem')
    .filter({ hasText: `Casey ${lastName}` })
    .first();
  await expect(decided).toContainText('Suspension: 3 days');
  await expect(decided).toContainText('Suspended until');
  await expect(decided.getByRole('button', { name: /Lift Suspension/ })).toBeVisible();

  // The member's session has ended: the API says so, and the dashboard sends them to sign in.
  expect((await memberPage.request.get('/api/auth/user')).status()).toBe(401);
  await memberPage.goto('/dashboard');
  await memberPage.waitForURL(/\/auth/);
  // Signing in again is refused with the end date.
  const form = loginForm(memberPage);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
  await form.getByRole('button', { name: /^(login|log in|sign in)$/i }).click();
  await expect(toast(memberPage, 'Login failed', /Your account is suspended until .* UTC/)).toBeVisible();
  expect((await memberPage.request.get('/api/auth/user')).status()).toBe(401);

  // D24: having proved who they are, they read the decision and appeal it, still without a session.
  const blocked = memberPage.getByRole('alert').filter({ hasText: 'You cannot sign in' });
  await expect(blocked).toContainText(/Your account is suspended until .* UTC/);
  await blocked.getByRole('link', { name: 'Read the decision and appeal' }).click();
  await memberPage.waitForURL(/\/conduct$/);
  await expect(memberPage.getByRole('heading', { name: 'Your Conduct Decisions', level: 1 })).toBeVisible();
  const section = memberPage.getByRole('region', { name: 'Conduct Decisions' });
  await expect(section).toContainText('Suspended for 3 days');
  await expect(section).toContainText('Physical contact with an official.');
  await expectNoSeriousA11yViolations(memberPage, '/conduct');
  await section.getByRole('button', { name: 'Appeal' }).click();
  await section.getByRole('textbox', { name: 'Your appeal' }).fill('I reached for the ball, not for the referee.');
  await section.getByRole('button', { name: 'Send Appeal' }).click();
  await expect(toast(memberPage, 'Appeal Sent')).toBeVisible();
  await expect(section).toContainText('Appeal sent');
  expect((await memberPage.request.get('/api/auth/user')).status()).toBe(401);
  await memberContext.close();
});

test('a warning shows on the member dashboard and they appeal once', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const member = await createAccount('player', { firstName: 'Robin', lastName: `Warned${Date.now().toString(36)}` });

  // The admin's side through the API (the first journey drives the screens): a report, then a warning.
  const adminContext = await browser.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  const admin = await adminContext.newPage();
  await dismissIntroWhenShown(admin);
  await login(admin, DEMO.admin);
  const created = await admin.request.post('/api/admin/incidents', {
    data: { memberId: member.id, description: 'Swore at the scorer table.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const warned = await admin.request.post(`/api/admin/incidents/${id}/decide`, {
    data: { consequence: 'warning', note: 'Keep it respectful with the officials.' },
  });
  expect(warned.status()).toBe(200);

  await login(page, member.email, member.password);
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Conduct Decisions' });
  await expect(section).toContainText('Conduct Warning');
  await expect(section).toContainText('Keep it respectful with the officials.');
  await expect(section).toContainText('You may appeal once, until');

  await section.getByRole('button', { name: 'Appeal' }).click();
  const text = section.getByRole('textbox', { name: 'Your appeal' });
  await text.fill('Sorry');
  await section.getByRole('button', { name: 'Send Appeal' }).click();
  await expect(section.getByText('Please explain your appeal in at least 10 characters')).toBeVisible();
  await expect(text).toBeFocused();
  await expectNoSeriousA11yViolations(page, '/dashboard appeal form');
  await text.fill('I was talking to my teammate, not to the scorer. The scorer can confirm.');
  await section.getByRole('button', { name: 'Send Appeal' }).click();
  await expect(toast(page, 'Appeal Sent')).toBeVisible();
  await expect(section).toContainText('Appeal sent');
  await expect(section.getByRole('button', { name: 'Appeal' })).toHaveCount(0);

  // A second appeal is refused by the server with its message.
  const again = await page.request.post(`/api/incidents/${id}/appeal`, {
    data: { text: 'Trying a second time here.' },
    headers: { origin: BASE_URL },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toMatch(/appealed once|already appealed/);

  // The admin sees it under Appeals to review.
  await admin.goto('/admin?tab=incidents');
  const panel = admin.getByRole('tabpanel', { name: 'Incidents' });
  await panel.getByRole('combobox', { name: 'Show' }).selectOption('appeals');
  await expect(panel.getByRole('listitem').filter({ hasText: member.lastName })).toContainText(
    'I was talking to my teammate',
  );
  await adminContext.close();
});
