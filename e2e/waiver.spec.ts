import type { Locator, Page } from '@playwright/test';
import { DEMO, drawSignature, expect, expectNoSeriousA11yViolations, login, signInAsNew, test, toast } from './fixtures.ts';

// Every test signs with a FRESH account: the demo player@wta.local must stay unsigned for the other journeys.


const signatureGroup = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const submit = (page: Page) => page.getByRole('button', { name: 'Submit Waiver' }).click();

/** A date of birth that makes the signer `years` old today (born on 1 January). */
const bornYearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;

test.describe('the liability waiver (/waiver)', () => {
  test('a signed-out visitor is sent to sign in', async ({ page }) => {
    await page.goto('/waiver');
    await expect(page).toHaveURL(/\/auth(\?|$)/);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/waiver');
  });

  test('a fan is sent to /auth with Registration Required', async ({ page }) => {
    await signInAsNew(page, 'fan');
    await page.goto('/waiver');
    await expect(
      toast(page, 'Registration Required', 'Please register as a Player or Team Owner to sign the waiver.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth(\?|$)/);
  });

  test('a player signs with the mouse, lands on tournaments, and then sees Waiver Already Signed', async ({ page }) => {
    const { email } = await signInAsNew(page, 'player', { firstName: 'Casey', lastName: 'Mouse' });
    await page.goto('/waiver');
    await expect(page.getByRole('heading', { level: 1, name: 'WTA Liability Waiver and Release' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(10);
    await expect(page.getByText('Version 2025-01')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Signing as' })).toHaveValue('Casey Mouse');
    await expectNoSeriousA11yViolations(page, '/waiver form');

    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.getByRole('textbox', { name: 'Emergency Contact Name' }).fill('Robin Mouse');
    await page.getByRole('textbox', { name: 'Emergency Contact Phone' }).fill('(404) 555-0123');
    await page.getByLabel('Date of Birth').fill('1994-07-20');

    const mine = signatureGroup(page, 'Your signature');
    await expect(mine).toContainText('Draw your signature with a mouse, finger or stylus');
    await expect(mine.getByRole('status')).toHaveText('No signature yet');
    await drawSignature(page, mine);
    await expect(mine.getByRole('status')).toHaveText('Signature captured');

    // Clear empties the pad; drawing again captures it again.
    await mine.getByRole('button', { name: /^Clear/ }).click();
    await expect(mine.getByRole('status')).toHaveText('No signature yet');
    await drawSignature(page, mine);
    await expect(mine.getByRole('status')).toHaveText('Signature captured');

    await submit(page);
    await expect(toast(page, 'Waiver Signed Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/tournaments\/?$/);

    const status = await (await page.request.get('/api/waivers/status')).json();
    expect(status).toMatchObject({ hasSigned: true, textVersion: '2025-01', dateOfBirth: '1994-07-20' });

    await page.goto('/waiver');
    await expect(page.getByRole('heading', { name: 'Waiver Already Signed' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/on [A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}/);
    await expect(page.getByRole('link', { name: 'View Tournaments' })).toHaveAttribute('href', '/tournaments');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('button', { name: 'Submit Waiver' })).toHaveCount(0);

    // The league's log holds the drawn ink: a PNG far larger than an empty pad's, with the record's details.
    await login(page, DEMO.admin);
    const log = (await (await page.request.get(`/api/waivers/admin/all?search=${encodeURIComponent(email)}`)).json()) as {
      waiver: { signatureData: string; signerName: string; emergencyContactName: string; deviceInfo: string };
    }[];
    expect(log).toHaveLength(1);
    expect(log[0]!.waiver).toMatchObject({ signerName: 'Casey Mouse', emergencyContactName: 'Robin Mouse' });
    expect(log[0]!.waiver.signatureData).toMatch(/^data:image\/png;base64,/);
    expect(log[0]!.waiver.signatureData.length).toBeGreaterThan(3000);
    expect(JSON.parse(log[0]!.waiver.deviceInfo)).toMatchObject({ viewport: '1280x800', language: 'en-US', timezone: 'UTC' });
  });

  test('the checks come in the order of the form, date of birth first, and a 15-year-old needs a parent or guardian', async ({
    page,
  }) => {
    await signInAsNew(page, 'player');
    await page.goto('/waiver');
    await expect(page.getByRole('button', { name: 'Submit Waiver' })).toBeVisible();
    // No guardian section until the date of birth says under 18.
    await expect(page.getByRole('textbox', { name: 'Parent/Guardian Name' })).toHaveCount(0);

    // The date of birth is the form's first question, asked before the agreement and the signatures.
    const form = page.getByRole('form', { name: 'Sign the waiver' });
    const dob = page.getByLabel('Date of Birth');
    const fieldOrder = await form
      .locator('input[name], canvas')
      .evaluateAll((els) => els.map((el) => el.getAttribute('name') ?? el.tagName.toLowerCase()));
    expect(fieldOrder.indexOf('dateOfBirth')).toBe(0);
    expect(fieldOrder.indexOf('dateOfBirth')).toBeLessThan(fieldOrder.indexOf('canvas'));

    await submit(page);
    await expect(dob).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Date of birth is required')).toBeVisible();
    await expect(dob).toBeFocused();
    await expect(toast(page, 'Agreement Required')).toHaveCount(0);

    await dob.fill(bornYearsAgo(15));
    await expect(page.getByText('Under 18: parent or guardian consent required')).toBeVisible();
    await submit(page);
    await expect(toast(page, 'Agreement Required')).toBeVisible();

    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await submit(page);
    await expect(toast(page, 'Emergency Contact Required')).toBeVisible();

    await page.getByRole('textbox', { name: 'Emergency Contact Name' }).fill('Lee Parent');
    // A phone the server would refuse is caught here, before the signatures are asked for.
    const phone = page.getByRole('textbox', { name: 'Emergency Contact Phone' });
    await phone.fill('call me');
    await submit(page);
    await expect(page.getByText('Emergency contact phone must be a phone number')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toBeFocused();
    await expect(toast(page, 'Signature Required')).toHaveCount(0);
    await phone.fill('555-010-2030');
    await submit(page);
    await expect(toast(page, 'Signature Required')).toBeVisible();

    await drawSignature(page, signatureGroup(page, 'Your signature'));
    await expectNoSeriousA11yViolations(page, '/waiver guardian section');
    await submit(page);
    await expect(toast(page, 'Parent/Guardian Information Required')).toBeVisible();

    await page.getByRole('textbox', { name: 'Parent/Guardian Name' }).fill('Lee Parent');
    // The guardian's e-mail format too, before the guardian's signature.
    const guardianEmail = page.getByRole('textbox', { name: 'Parent/Guardian Email' });
    await guardianEmail.fill('lee.parent@');
    await submit(page);
    await expect(page.getByText('Parent/guardian e-mail must be a valid address')).toBeVisible();
    await expect(guardianEmail).toBeFocused();
    await guardianEmail.fill('lee.parent@example.test');
    await submit(page);
    await expect(toast(page, 'Parent/Guardian Signature Required')).toBeVisible();

    const guardian = signatureGroup(page, 'Parent/guardian signature');
    await drawSignature(page, guardian);
    await expect(guardian.getByRole('status')).toHaveText('Signature captured');
    await submit(page);
    await expect(toast(page, 'Waiver Signed Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/tournaments\/?$/);
    const status = await (await page.request.get('/api/waivers/status')).json();
    expect(status).toMatchObject({ hasSigned: true, dateOfBirth: bornYearsAgo(15) });
  });

  test('a keyboard-only player signs with the typed name, and the stored signature is that image', async ({ page }) => {
    const { email } = await signInAsNew(page, 'player', { firstName: 'Kim', lastName: 'Keys' });
    await page.goto('/waiver');
    await expect(page.getByRole('button', { name: 'Submit Waiver' })).toBeVisible();

    /** Presses Tab (never the mouse) until `target` has the focus. */
    const tabTo = async (target: Locator) => {
      for (let i = 0; i < 80; i += 1) {
        if (await target.evaluate((el) => el === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('Tab never reached the target');
    };
    await tabTo(page.getByLabel('Date of Birth'));
    await page.keyboard.type('07201994');
    await tabTo(page.getByRole('checkbox', { name: /I have read and agree/ }));
    await page.keyboard.press('Space');
    await tabTo(page.getByRole('textbox', { name: 'Emergency Contact Name' }));
    await page.keyboard.type('Robin Keys');
    await tabTo(page.getByRole('textbox', { name: 'Emergency Contact Phone' }));
    await page.keyboard.type('(404) 555-0188');

    const mine = signatureGroup(page, 'Your signature');
    const typed = mine.getByRole('button', { name: /^Sign with typed name/ });
    await expect(typed).toHaveAccessibleName('Sign with typed name Kim Keys as your signature');
    await tabTo(typed);
    await page.keyboard.press('Enter');
    await expect(mine.getByRole('status')).toHaveText('Signature captured');

    await tabTo(page.getByRole('button', { name: 'Submit Waiver' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Waiver Signed Successfully')).toBeVisible();

    await login(page, DEMO.admin);
    const log = (await (await page.request.get(`/api/waivers/admin/all?search=${encodeURIComponent(email)}`)).json()) as {
      waiver: { signatureData: string; signerName: string };
    }[];
    expect(log).toHaveLength(1);
    expect(log[0]!.waiver.signerName).toBe('Kim Keys');
    // The rendered name is ink on the pad: a PNG well beyond an empty one.
    expect(log[0]!.waiver.signatureData).toMatch(/^data:image\/png;base64,/);
    expect(log[0]!.waiver.signatureData.length).toBeGreaterThan(3000);
  });

  test('a 12-year-old is stopped at the first question, before the agreement and the signature', async ({ page }) => {
    await signInAsNew(page, 'player');
    await page.goto('/waiver');
    await page.getByLabel('Date of Birth').fill(bornYearsAgo(12));
    await expect(page.getByRole('alert').filter({ hasText: 'You must be at least 13 years old to sign the waiver' })).toBeVisible();
    // Nothing more is asked: no agreement, contact, signature or guardian section to fill in for nothing.
    await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Emergency Contact Name' })).toHaveCount(0);
    await expect(signatureGroup(page, 'Your signature')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Parent/Guardian Name' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '/waiver under 13');
    await submit(page);
    await expect(page.getByText('You must be at least 13 years old to sign the waiver', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Date of Birth')).toBeFocused();
    expect((await (await page.request.get('/api/waivers/status')).json()).hasSigned).toBe(false);

    // A mistyped year is corrected and the form comes back.
    await page.getByLabel('Date of Birth').fill(bornYearsAgo(30));
    await expect(signatureGroup(page, 'Your signature')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).toBeVisible();
  });

  test("the server's refusal is shown as Submission Failed", async ({ page }) => {
    // A refusal the screen cannot foresee: the request is altered on its way (as a tampered client would send it),
    // and the real server refuses it with its own words.
    await signInAsNew(page, 'player');
    await page.route('**/api/waivers', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, dateOfBirth: bornYearsAgo(12) }) });
    });
    await page.goto('/waiver');
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.getByRole('textbox', { name: 'Emergency Contact Name' }).fill('Kid Contact');
    await page.getByRole('textbox', { name: 'Emergency Contact Phone' }).fill('555-010-2030');
    await drawSignature(page, signatureGroup(page, 'Your signature'));
    await page.getByLabel('Date of Birth').fill('1990-03-04');
    await submit(page);
    await expect(toast(page, 'Submission Failed')).toContainText('You must be at least 13 years old to sign the waiver');
    await expect(page).toHaveURL(/\/waiver$/);
    expect((await (await page.request.get('/api/waivers/status')).json()).hasSigned).toBe(false);
  });
});
