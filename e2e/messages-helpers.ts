import type { Page } from '@playwright/test';
import { expect, type Account } from './fixtures.ts';

// Messages' screens (001 s2, s5; D16, D27), shared by messages.spec.ts and the Worker's journeys (e2e/worker/).

export const fullName = (a: Account) => `${a.firstName} ${a.lastName}`;

export async function openThread(page: Page, other: Account) {
  await page.goto(`/messages?with=${other.id}`);
  await expect(page.getByRole('heading', { name: fullName(other) })).toBeVisible();
}

export function composer(page: Page) {
  return page.getByRole('textbox', { name: /^Message / });
}

export async function sendInThread(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

export function thread(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}
