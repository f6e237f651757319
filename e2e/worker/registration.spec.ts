import { signUpSignWaiverRegisterAndPay } from '../checkout-helpers.ts';
import { test } from '../fixtures.ts';

// Issue 35 item 3 (ADR 062): the Worker host, in Chromium. A newcomer at the venue signs up through the form, is sent
// to the waiver, signs it with the mouse, registers and pays on the built-in test checkout (D3), as checkout.spec.ts
// does on the Node host.

test('sign up, sign the waiver, register and pay with the test checkout', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpSignWaiverRegisterAndPay(page, 'Friday Night Lights Flag Showdown');
});
