import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PublicRouter } from '@/lib/public-router';
import { renderWithProviders } from '@/test/render';
import { CreateAccountScreen as CreateAccount } from './create-account';

/** /create-account (issue 18): the contract's contact rules and lengths, before anything is sent. */
describe('create account', () => {
  afterEach(() => vi.unstubAllGlobals());

  function setup() {
    // the message box grows with its text: jsdom has no document.fonts for it to listen to
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => {}, removeEventListener: () => {} },
        configurable: true,
      });
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return new Response(JSON.stringify({ Status: true, Code: 200, Data: { Ret: 1 }, Error: null }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderWithProviders(
      <PublicRouter>
        <CreateAccount />
      </PublicRouter>,
    );
    return sent;
  }

  it('refuses the phone "abc" and the e-mail "not-an-email" with Georgian messages, sending nothing', async () => {
    const user = userEvent.setup();
    const sent = setup();
    await user.type(screen.getByLabelText(/მომხმარებლის სახელი/), 'giorgi');
    await user.type(screen.getByLabelText('ტელეფონი'), 'abc');
    await user.type(screen.getByLabelText('ელ. ფოსტა'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'მოთხოვნის გაგზავნა' }));
    expect(
      await screen.findByText('ველი „ტელეფონი“: შეიყვანეთ ტელეფონის ნომერი ციფრებით (მაგ. 599 12 34 56)'),
    ).toBeTruthy();
    expect(
      screen.getByText('ველი „ელ. ფოსტა“: შეიყვანეთ ელ. ფოსტის მისამართი (მაგ. name@example.ge)'),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText('ტელეფონი'));
    await user.type(screen.getByLabelText('ტელეფონი'), '+995 599 12 34 56');
    await user.clear(screen.getByLabelText('ელ. ფოსტა'));
    await user.type(screen.getByLabelText('ელ. ფოსტა'), 'giorgi@example.ge');
    await user.click(screen.getByRole('button', { name: 'მოთხოვნის გაგზავნა' }));
    expect(await screen.findByText('მოთხოვნა მიღებულია')).toBeTruthy();
    expect(sent[0]).toMatchObject({ Kind: 'create', Login: 'giorgi', Phone: '+995 599 12 34 56' });
  });

  it('takes no more text than the contract allows', () => {
    setup();
    expect(screen.getByLabelText(/მომხმარებლის სახელი/)).toHaveProperty('maxLength', 100);
    expect(screen.getByLabelText('სახელი და გვარი')).toHaveProperty('maxLength', 200);
    expect(screen.getByLabelText('შეტყობინება')).toHaveProperty('maxLength', 1000);
  });
});
