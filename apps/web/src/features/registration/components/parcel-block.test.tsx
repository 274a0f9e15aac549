import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '@/test/render';
import { emptyParcel, type ParcelForm } from '../form-state';
import { enterMovesOn } from '../keyboard';
import { ParcelBlock } from './parcel-block';

/** The parcel block as the screen holds it: its own state, Enter moving field to field. */
function Harness() {
  const [value, setValue] = useState<ParcelForm>(emptyParcel());
  return (
    <div data-registration-form onKeyDown={enterMovesOn}>
      <ParcelBlock
        value={value}
        onChange={setValue}
        onReset={() => setValue(emptyParcel())}
        onSaveDefaults={() => {}}
        locked={false}
        errors={{}}
      />
    </div>
  );
}

/** The parcel types are not asked of a server here: the list falls back to the default type. */
function renderBlock() {
  vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
  // jsdom has no font loading, which the description's autosize listens to
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  renderWithProviders(<Harness />);
  return userEvent.setup();
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** The message Mantine shows under a field (linked by aria-describedby). */
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id))
    .filter((n) => n?.className.includes('error'))
    .map((n) => n!.textContent)
    .join(' ');

afterEach(() => vi.unstubAllGlobals());

describe('the parcel block at the counter (issue 37)', () => {
  it('takes numbers only: a refused keystroke keeps the value and says why beside the field', async () => {
    const user = renderBlock();
    const weight = field('წონა (კგ)');
    await user.clear(weight);
    await user.type(weight, '1.5kg');
    expect(weight.value).toBe('1.5');
    expect(messageOf(weight)).toMatch(/შეიყვანეთ რიცხვი/);
    await user.type(weight, '5');
    expect(weight.value, 'a second decimal is refused too').toBe('1.5');
    expect(messageOf(weight)).toMatch(/ბიჯით 0.1/);

    const packages = field('შეფუთვების რაოდენობა');
    await user.clear(packages);
    await user.type(packages, '-5');
    expect(packages.value).toBe('5');
    await user.clear(packages);
    await user.type(packages, '1000');
    expect(packages.value).toBe('100');
    expect(messageOf(packages)).toMatch(/არ შეიძლება აღემატებოდეს 100-ს/);
  });

  it('says so when a text is cut at its limit', async () => {
    const user = renderBlock();
    const fild1 = field('საქმის ნომერი');
    await user.click(fild1);
    await user.paste('ა'.repeat(250));
    expect(fild1.value).toHaveLength(200);
    expect(messageOf(fild1)).toMatch(/ტექსტი შემოკლდა 200 სიმბოლომდე \(შეყვანილი იყო 250\)/);
  });

  it('breaks the description’s line with Shift+Enter only: Enter is the form’s (it moves on)', async () => {
    const user = renderBlock();
    const description = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /აღწერა/ });
    await user.type(description, 'ორი წიგნი{Shift>}{Enter}{/Shift}ჟურნალი{Enter}');
    expect(description.value).toBe('ორი წიგნი\nჟურნალი');
  });
});
