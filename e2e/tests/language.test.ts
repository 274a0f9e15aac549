import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openAs, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

const GEORGIAN = /[\u10A0-\u10FF\u1C90-\u1CBF]/;
/**
 * Latin words the Georgian menu may show: the product's name, and API (the term Georgian IT staff use;
 * the shipper API's keys, issue 39).
 */
const LATIN_ALLOWED = new Set(['PostOffice', 'API']);

/** The menu's Latin words the Georgian menu may not show. */
const latinWords = (text: string) => (text.match(/[A-Za-z]+/g) ?? []).filter((w) => !LATIN_ALLOWED.has(w));
/** Whether a text still holds a word of the other language than the menu's. */
const OTHER_LANGUAGE_LEFT = {
  latin: (text: string) => latinWords(text).length > 0,
  georgian: (text: string) => GEORGIAN.test(text),
};

/**
 * All the menu's text, also of collapsed groups, once none of its words is of the other language (or
 * after 10 s, for the assertion to show what is left): React renders the collapsed groups' items, kept
 * in a hidden `<Activity>`, after what is on screen, so on a busy machine they change language a moment
 * after the visible menu does.
 */
async function menuText(p: Page, label: string, other: 'latin' | 'georgian'): Promise<string> {
  const nav = p.getByRole('navigation', { name: label });
  await nav.waitFor();
  const until = Date.now() + 10_000;
  for (;;) {
    const text = await nav.evaluate((n) => n.textContent ?? '');
    if (!OTHER_LANGUAGE_LEFT[other](text) || Date.now() > until) return text;
    await p.waitForTimeout(100);
  }
}

async function chooseLanguage(p: Page, userMenu: RegExp, language: string) {
  await p.getByRole('button', { name: userMenu }).click();
  await p.getByRole('menuitem', { name: language }).click();
}

describe('interface language', () => {
  it('switches the menu, header and home to English, keeps it after reload, and back to Georgian', () =>
    withPage(journey.browser, journey.url, 'language-switch', async (p) => {
      await openAs(p, 'admin');
      await p.getByRole('heading', { name: 'PostOffice', level: 1 }).waitFor();
      assert.match(await menuText(p, 'მთავარი მენიუ', 'latin'), GEORGIAN);

      await chooseLanguage(p, /მომხმარებლის მენიუ/, 'English');

      // menu
      const english = await menuText(p, 'Main menu', 'georgian');
      for (const text of ['Home', 'Reference data', 'Administration', 'Archive', 'Reports'])
        assert.ok(english.includes(text), `menu shows "${text}"`);
      assert.doesNotMatch(english, GEORGIAN, 'no Georgian letters left in the menu');
      await p.getByRole('button', { name: 'Reference data' }).click();
      await p.getByRole('link', { name: 'Regions and indexes' }).waitFor();
      // header
      await p.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      await p.getByRole('button', { name: 'Open or close the menu' }).waitFor();
      await p.getByRole('button', { name: /^User menu/ }).waitFor();
      // home
      await p.getByText('Parcel and courier management').waitFor();
      await p.getByText(/^Welcome, /).waitFor();
      assert.equal(await p.evaluate(() => document.documentElement.lang), 'en');
      assert.equal(await p.title(), 'Home · PostOffice');

      // remembered after a reload
      await p.reload();
      await p.getByText('Parcel and courier management').waitFor();
      assert.doesNotMatch(await menuText(p, 'Main menu', 'georgian'), GEORGIAN);

      // and back to Georgian
      await chooseLanguage(p, /^User menu/, 'ქართული');
      const georgian = await menuText(p, 'მთავარი მენიუ', 'latin');
      assert.deepEqual(latinWords(georgian), [], 'no Latin words in the Georgian menu');
      await p.getByText('ამანათებისა და კურიერების მართვის სისტემა').waitFor();
      await p.getByRole('button', { name: 'მენიუს გახსნა/დახურვა' }).waitFor();
      assert.equal(await p.evaluate(() => document.documentElement.lang), 'ka');
      await p.reload();
      assert.match(await menuText(p, 'მთავარი მენიუ', 'latin'), GEORGIAN);
    }));

  it('shows the login form in the remembered language', () =>
    withPage(journey.browser, journey.url, 'language-login', async (p) => {
      await p.goto('/login-form');
      await p.evaluate(() => localStorage.setItem('po.language', 'en'));
      await p.reload();
      await p.getByRole('heading', { name: 'Log in' }).first().waitFor();
      await p.getByLabel('User name').fill('operator');
      await p.getByLabel('Password', { exact: true }).fill('wrong-password');
      await p.getByRole('button', { name: 'Log in' }).click();
      // the server's message stays the server's (Georgian)
      await p.getByRole('alert').waitFor();
    }));
});
