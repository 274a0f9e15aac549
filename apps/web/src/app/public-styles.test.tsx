import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanNotifications } from '@mantine/notifications';
import { BootLoader, ErrorScreen, LoadingBar } from '@/app/page-states';
import { PublicApp } from '@/app/public-app';
import { clearSession } from '@/lib/session';
import { notifyError } from '@/lib/notify';
import { renderWithProviders } from '@/test/render';

/**
 * The public screens load only part of Mantine's styles (`public-styles.css`; the full set comes with
 * the guarded layout). Every Mantine component they draw must have its style file in that list, in
 * the order of Mantine's own styles.css (later files refine earlier ones: Button over UnstyledButton).
 */
const stylesDir = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const listed = [
  ...fs
    .readFileSync(path.join(import.meta.dirname, 'public-styles.css'), 'utf8')
    .matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.layer\.css';/g),
].map((m) => m[1]);

/** Mantine component names in the rendered page (its static classes: `mantine-Button-root`). */
const drawn = new Set<string>();
const collect = () => {
  for (const m of document.body.innerHTML.matchAll(/mantine-([A-Z]\w*)-/g)) drawn.add(m[1]);
};

/** The public app at an address (awaited: its screen's code loads on demand). */
async function renderPublic(url: string) {
  window.history.replaceState(null, '', url);
  return act(async () => renderWithProviders(<PublicApp />));
}

describe('public styles', () => {
  beforeAll(() => {
    // the request form's text box grows with its text: jsdom has no document.fonts for it to listen to
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => {}, removeEventListener: () => {} },
        configurable: true,
      });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cleanNotifications();
    clearSession();
  });

  it('lists the style file of every component the public screens draw', async () => {
    // login with its error box (no connection) and a toast
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const login = await renderPublic('/login-form');
    await userEvent.type(await screen.findByLabelText(/მომხმარებელი|login/i), 'user');
    await userEvent.click(screen.getByRole('button', { name: /შესვლა|sign in/i }));
    await screen.findByRole('alert');
    act(() => notifyError('toast'));
    await screen.findByText('toast');
    collect();
    login.unmount();

    for (const url of ['/reset-password', '/create-account', '/change-password/code-1']) {
      const view = await renderPublic(url);
      await screen.findAllByRole('button');
      collect();
      view.unmount();
    }
    // what the root draws before, between and instead of the screens
    for (const state of [<BootLoader />, <LoadingBar />, <ErrorScreen error={new Error('no module')} />]) {
      const view = renderWithProviders(state);
      collect();
      view.unmount();
    }

    expect(drawn).toContain('Button');
    expect(drawn).toContain('Alert');
    expect(drawn).toContain('Notification');
    const missing = [...drawn].filter(
      (name) => fs.existsSync(path.join(stylesDir, 'styles', `${name}.css`)) && !listed.includes(name),
    );
    expect(missing).toEqual([]);
  });

  it('keeps the files in the order of styles.css', () => {
    const all = fs.readFileSync(path.join(stylesDir, 'styles.css'), 'utf8');
    const components = listed.filter((n) => !['baseline', 'default-css-variables', 'global'].includes(n));
    expect(listed.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const at = components.map((name) => {
      const css = fs.readFileSync(path.join(stylesDir, 'styles', `${name}.css`), 'utf8');
      const first = /\.m_[0-9a-f]+/.exec(css)?.[0];
      expect(first, name).toBeDefined();
      return all.indexOf(first!);
    });
    expect(at.every((p) => p >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });
});
