import { queryE2eDb } from './e2e-db.ts';
import { composer, fullName, openThread, sendInThread, thread } from './messages-helpers.ts';
import {
  BASE_URL,
  createAccount,
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  login,
  signInAsNew,
  test,
  toast,
} from './fixtures.ts';

// Issue 15: Messages (001 s2, s5; D16, D27). Two members in two browsers see each other's messages, ticks and unread
// counts change within the polling intervals; three messages written with no signal arrive once each, in order; a
// block closes the conversation both ways; a 15-year-old hears only from their team, admins, and people they wrote to.

test('two members message each other: new message, unread counts, Enter and Shift+Enter, sent then read ticks', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const ann = await signInAsNew(page, 'player', { firstName: 'Annika', lastName: `Msg${tag}` });
  const bobContext = await browser.newContext({ baseURL: BASE_URL });
  const bobPage = await bobContext.newPage();
  const bob = await createAccount('player', { firstName: 'Bobby', lastName: `Msg${tag}` });
  await login(bobPage, bob.email, bob.password);

  // Bob has Messages open and nothing yet.
  await bobPage.goto('/messages');
  await expect(bobPage.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(bobPage.getByText('No conversations yet')).toBeVisible();
  await expect(bobPage.getByText('Select a conversation')).toBeVisible();
  await expectNoSeriousA11yViolations(bobPage, '/messages (empty)');

  // Ann writes to Bob through New Message: the picker searches, never lists Ann herself.
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await dialog.getByPlaceholder('Search users...').fill(`Annika Msg${tag}`);
  await expect(dialog.getByText('No users found')).toBeVisible();
  await dialog.getByPlaceholder('Search users...').fill(`Bobby Msg${tag}`);
  await dialog.getByRole('button', { name: `Bobby Msg${tag}` }).click();
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Ready for Saturday?');
  await expect(dialog.getByText('19/500')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'New Message dialog');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/messages\\?with=${bob.id}$`));
  const annThread = thread(page);
  await expect(annThread.getByTestId('message')).toHaveCount(1);
  await expect(annThread.getByTestId('message').first()).toContainText('Ready for Saturday?');
  await expect(annThread.getByTestId('tick-sent')).toHaveCount(1);

  // Bob's list shows it within its 10 s poll, unread, with Ann's name; opening it reads it.
  const row = bobPage.getByTestId('conversation-row').filter({ hasText: fullName(ann) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('conversation-unread')).toContainText('1 unread');
  await expect(row).toContainText('Ready for Saturday?');
  await row.click();
  await expect(thread(bobPage).getByTestId('message')).toHaveCount(1);
  await expect(row.getByTestId('conversation-unread')).toHaveCount(0, { timeout: 15_000 });

  // Ann's tick turns to read within the thread's 5 s poll.
  await expect(annThread.getByTestId('tick-read')).toHaveCount(1, { timeout: 10_000 });

  // Bob replies: Shift+Enter adds a line, Enter sends.
  await composer(bobPage).fill('Yes!');
  await composer(bobPage).press('Shift+Enter');
  await composer(bobPage).pressSequentially('Bring the waiver');
  await expect(composer(bobPage)).toHaveValue('Yes!\nBring the waiver');
  await composer(bobPage).press('Enter');
  await expect(composer(bobPage)).toHaveValue('');
  await expect(thread(bobPage).getByTestId('message')).toHaveCount(2);
  await expect(annThread.getByTestId('message')).toHaveCount(2, { timeout: 10_000 });
  await expect(annThread.getByTestId('message').nth(1)).toContainText('Yes!\nBring the waiver');
  // Whitespace alone is not sent.
  await composer(page).fill('   ');
  await composer(page).press('Enter');
  await expect(annThread.getByTestId('message')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, '/messages (thread)');

  // Bob's own list row reads 'You: ...'.
  await expect(bobPage.getByTestId('conversation-row').filter({ hasText: fullName(ann) })).toContainText(
    'You: Yes! Bring the waiver',
  );
  await bobContext.close();
});

test('New Message: Enter sends, Shift+Enter adds a line, as in the thread', async ({ page }) => {
  // 001 s2 says it of both message boxes (issue 34: the dialog's only sent with its button).
  const tag = Date.now().toString(36);
  await signInAsNew(page, 'player', { firstName: 'Enter', lastName: `Sender${tag}` });
  const bob = await createAccount('player', { firstName: 'Enter', lastName: `Reader${tag}` });
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await dialog.getByPlaceholder('Search users...').fill(fullName(bob));
  await dialog.getByRole('button', { name: fullName(bob) }).click();
  const box = dialog.getByRole('textbox', { name: 'Message' });
  // Enter in an empty box sends nothing and keeps the dialog.
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(dialog).toBeVisible();
  await box.fill('See you at');
  await box.press('Shift+Enter');
  await box.pressSequentially('the courts');
  await expect(box).toHaveValue('See you at\nthe courts');
  await box.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/messages\\?with=${bob.id}$`));
  await expect(thread(page).getByTestId('message')).toHaveCount(1);
  await expect(thread(page).getByTestId('message').first()).toContainText('See you at\nthe courts');
});

test('three messages written with no signal wait, then arrive exactly once each, in order', async ({
  page,
  context,
}) => {
  const tag = Date.now().toString(36);
  const ann = await signInAsNew(page, 'player', { firstName: 'Offline', lastName: `Sender${tag}` });
  const bob = await createAccount('player', { firstName: 'Online', lastName: `Reader${tag}` });
  await openThread(page, bob);
  await expect(page.getByText('No messages yet')).toBeVisible();

  await context.setOffline(true);
  for (const text of ['first from the gym', 'second from the gym', 'third from the gym'])
    await sendInThread(page, text);
  const pending = thread(page).getByTestId('pending-message');
  await expect(pending).toHaveCount(3);
  await expect(pending.first()).toContainText('Waiting to send');
  await expect(pending.nth(2)).toContainText('third from the gym');

  await context.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 30_000 });
  await expect(thread(page).getByTestId('message')).toHaveCount(3, { timeout: 15_000 });
  const stored = await queryE2eDb('SELECT body FROM messages WHERE sender_id = ? AND recipient_id = ? ORDER BY id', [
    ann.id,
    bob.id,
  ]);
  expect(stored.map((r) => r.body)).toEqual(['first from the gym', 'second from the gym', 'third from the gym']);
});

test('a member blocks another: neither can write, the refusal says why and can be discarded', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const ann = await signInAsNew(page, 'player', { firstName: 'Blocker', lastName: `B${tag}` });
  const bob = await createAccount('player', { firstName: 'Blocked', lastName: `B${tag}` });
  await queryE2eDb(`INSERT INTO messages (sender_id, recipient_id, body, created_at) VALUES (?, ?, 'spam spam', ?)`, [
    bob.id,
    ann.id,
    Date.now(),
  ]);
  await openThread(page, bob);
  await page.getByRole('button', { name: 'Block' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Block ${fullName(bob)}?` });
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(`You blocked ${bob.firstName}. Unblock to message each other again.`)).toBeVisible();
  await expect(composer(page)).toHaveCount(0);
  // The old conversation stays readable.
  await expect(thread(page).getByTestId('message')).toContainText(['spam spam']);

  // Bob had the thread open before the block: his message is refused, and says why.
  const bobContext = await browser.newContext({ baseURL: BASE_URL });
  const bobPage = await bobContext.newPage();
  await login(bobPage, bob.email, bob.password);
  await openThread(bobPage, ann);
  await expect(bobPage.getByText('You cannot message this member')).toBeVisible();
  await expect(composer(bobPage)).toHaveCount(0);
  await bobContext.close();

  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(composer(page)).toBeVisible();

  // D27: the message is reported with a reason, and an admin reads it on the Incidents tab.
  await thread(page).getByTestId('message').filter({ hasText: 'spam spam' }).hover();
  await page.getByRole('button', { name: 'Report message' }).first().click();
  const report = page.getByRole('dialog', { name: 'Report message' });
  await report.getByRole('textbox', { name: 'Reason' }).fill('Unwanted advertising');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page, 'Report sent')).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin);
  await admin.goto('/admin?tab=incidents');
  const incident = admin
    .getByRole('tabpanel', { name: 'Incidents' })
    .getByRole('listitem')
    .filter({ hasText: 'Unwanted advertising' });
  await expect(incident).toContainText(`Reported message, sent`);
  await expect(incident.getByRole('blockquote')).toHaveText('spam spam');
  await expectNoSeriousA11yViolations(admin, '/admin?tab=incidents with a reported message');
  await adminContext.close();
});

test('a 15-year-old: a stranger’s first message is refused; their captain, an admin and a reply where they wrote first arrive', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const dob = `${new Date().getUTCFullYear() - 15}-01-15`;
  const minor = await createAccount('player', { firstName: 'Young', lastName: `Player${tag}`, dateOfBirth: dob });
  const captain = await createAccount('player', { firstName: 'Team', lastName: `Captain${tag}` });
  const owner = await createAccount('owner', { firstName: 'Team', lastName: `Owner${tag}` });
  const [team] = await queryE2eDb(`INSERT INTO teams (name, owner_id, created_at) VALUES (?, ?, ?) RETURNING id`, [
    `Minors ${tag}`,
    owner.id,
    Date.now(),
  ]);
  await queryE2eDb(
    `INSERT INTO team_members (team_id, user_id, position, joined_at) VALUES (?, ?, 'player', ?), (?, ?, 'captain', ?)`,
    [Number(team!.id), minor.id, Date.now(), Number(team!.id), captain.id, Date.now()],
  );

  // A stranger: refused with D27's message, nothing stored, and the message offers Discard.
  const stranger = await signInAsNew(page, 'player', { firstName: 'Adult', lastName: `Stranger${tag}` });
  await openThread(page, minor);
  await sendInThread(page, 'hey, want to join my team?');
  const refusal = 'This member can only receive messages from their team or in conversations they started';
  await expect(toast(page, 'Failed to send message', refusal)).toBeVisible();
  const failed = thread(page).getByTestId('pending-message');
  await expect(failed).toContainText(`Not sent: ${refusal}`);
  await failed.getByRole('button', { name: 'Discard' }).click();
  await expect(failed).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/messages (refused)');

  // The captain and an admin get through.
  for (const [email, password] of [
    [captain.email, captain.password],
    [DEMO.admin, undefined],
  ] as const) {
    const ctx = await browser.newContext({ baseURL: BASE_URL });
    const p = await ctx.newPage();
    await login(p, email, password);
    await openThread(p, minor);
    await sendInThread(p, 'Practice moved to 6 pm');
    await expect(thread(p).getByTestId('message')).toHaveCount(1);
    await ctx.close();
  }

  // The minor writes to the stranger first; the stranger's reply then arrives.
  const minorContext = await browser.newContext({ baseURL: BASE_URL });
  const minorPage = await minorContext.newPage();
  await login(minorPage, minor.email, minor.password);
  await openThread(minorPage, stranger);
  await sendInThread(minorPage, 'Are you selling your spot?');
  await expect(thread(minorPage).getByTestId('message')).toHaveCount(1);
  await minorContext.close();
  await openThread(page, minor);
  await sendInThread(page, 'Yes, it is yours');
  await expect(thread(page).getByTestId('message')).toHaveCount(2);
  const received = await queryE2eDb('SELECT count(*) AS n FROM messages WHERE recipient_id = ?', [minor.id]);
  expect(Number(received[0]!.n)).toBe(3);
});

test('a guest is told to log in and sent home', async ({ page }) => {
  await page.goto('/messages');
  await expect(toast(page, 'Unauthorized', 'Please log in to view messages')).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/`);
});
