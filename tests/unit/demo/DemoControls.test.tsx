import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DemoControls } from '../../../src/demo/DemoControls';
import { createAccount, createSession, findAccountByEmail } from '../../../src/demo/db';
import { createDemoEnvironment } from '../../../src/demo/environment';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function renderPanel(url = '/') {
  window.history.replaceState(null, '', url);
  const env = createDemoEnvironment();
  const reload = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <DemoControls environment={env} reload={reload} />
    </I18nProvider>,
  );
  return { env, reload, panel: () => screen.getByRole('complementary', { name: 'Demo controls' }) };
}

function pressShortcut() {
  fireEvent.keyDown(window, { code: 'KeyD', key: 'Ð', altKey: true, shiftKey: true });
}

describe('the demo controls panel', () => {
  it('starts collapsed, opens from its button and focuses its heading', () => {
    const { panel } = renderPanel();
    expect(within(panel()).queryByLabelText('Next call')).toBeNull();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Demo controls' }));
    expect(screen.getByRole('heading', { name: 'Demo controls' })).toHaveFocus();
    expect(within(panel()).getByLabelText('Next call')).toBeInTheDocument();
  });

  it('opens at once with ?demo or &demo in the URL', () => {
    renderPanel('/dashboard?tab=keys&demo');
    expect(screen.getByLabelText('Next call')).toBeInTheDocument();
  });

  it('toggles with Alt+Shift+D and can be closed', () => {
    renderPanel();
    pressShortcut();
    expect(screen.getByLabelText('Next call')).toBeInTheDocument();
    pressShortcut();
    expect(screen.queryByLabelText('Next call')).toBeNull();
    pressShortcut();
    fireEvent.click(screen.getByRole('button', { name: 'Close demo controls' }));
    expect(screen.queryByRole('complementary', { name: 'Demo controls' })).toBeNull();
    // Other letters with the same modifiers do nothing.
    fireEvent.keyDown(window, { code: 'KeyE', altKey: true, shiftKey: true });
    expect(screen.queryByRole('complementary', { name: 'Demo controls' })).toBeNull();
    pressShortcut();
    expect(screen.getByLabelText('Next call')).toBeInTheDocument();
  });

  it('arms a network failure or a code for the next call and shows what is armed', () => {
    const { env, panel } = renderPanel('/?demo');
    const nextCall = screen.getByLabelText<HTMLSelectElement>('Next call');
    expect(within(panel()).getByText('Next call: normal · IP country: US', { exact: true })).toBeInTheDocument();

    fireEvent.change(nextCall, { target: { value: 'networkError' } });
    expect(env.controls.get().nextCall).toEqual({ kind: 'networkError' });
    expect(within(panel()).getByText('Next call: network failure · IP country: US', { exact: true })).toBeInTheDocument();

    fireEvent.change(nextCall, { target: { value: '500001' } });
    expect(env.controls.get().nextCall).toEqual({ kind: 'code', code: 500001 });
    expect(within(panel()).getByText('Next call: code 500001 · IP country: US', { exact: true })).toBeInTheDocument();

    // The server does the work, then its answer is lost.
    fireEvent.change(nextCall, { target: { value: 'lostAnswer' } });
    expect(within(nextCall).getByRole('option', { name: 'Answer lost (the server acts)' })).toHaveProperty('selected', true);
    expect(env.controls.get().nextCall).toEqual({ kind: 'lostAnswer' });
    expect(within(panel()).getByText('Next call: the server acts, then its answer is lost · IP country: US', { exact: true })).toBeInTheDocument();

    // Once a call takes it, the panel shows nothing armed.
    act(() => void env.controls.consumeNextCall());
    expect(nextCall.value).toBe('none');
    expect(within(panel()).getByText('Next call: normal · IP country: US', { exact: true })).toBeInTheDocument();
  });

  it('arms any custom code', () => {
    const { env } = renderPanel('/?demo');
    fireEvent.change(screen.getByLabelText('Next call'), { target: { value: 'custom' } });
    expect(env.controls.get().nextCall).toBeNull();
    fireEvent.change(screen.getByLabelText('Custom code'), { target: { value: '299' } });
    expect(env.controls.get().nextCall).toEqual({ kind: 'code', code: 299 });
    expect(screen.getByLabelText<HTMLSelectElement>('Next call').value).toBe('custom');
  });

  it('sets latency, the bot check requirement and the IP country', () => {
    const { env, panel } = renderPanel('/?demo');
    fireEvent.change(screen.getByLabelText('Latency (ms)'), { target: { value: '300' } });
    fireEvent.click(screen.getByLabelText('Require bot check'));
    const country = screen.getByLabelText<HTMLInputElement>('IP country');
    fireEvent.change(country, { target: { value: 'd' } });
    expect(env.controls.get().ipCountry).toBe('US');
    fireEvent.change(country, { target: { value: 'de' } });
    expect(env.controls.get()).toMatchObject({ latencyMs: 300, requireBotCheck: true, ipCountry: 'DE' });
    expect(
      within(panel()).getByText('Next call: normal · Latency: 300 ms · Bot check: required · IP country: DE', { exact: true }),
    ).toBeInTheDocument();
  });

  it('expires every session', async () => {
    const { env } = renderPanel('/?demo');
    const data = env.db.read();
    const account = await createAccount(data, { email: 'panel@example.com', password: 'correct-horse-9', referDomain: '', utmTerm: '' });
    createSession(data, account.id);
    env.db.save();

    fireEvent.click(screen.getByRole('button', { name: 'Expire session' }));
    expect(env.db.read().sessions).toEqual([]);
    expect(findAccountByEmail(env.db.read(), 'panel@example.com')).toBeDefined();
  });

  it('resets the demo database only after confirming, then reloads', async () => {
    const { env, reload } = renderPanel('/?demo');
    await createAccount(env.db.read(), { email: 'gone@example.com', password: 'correct-horse-9', referDomain: '', utmTerm: '' });
    env.db.save();
    env.controls.set({ latencyMs: 500 });

    fireEvent.click(screen.getByRole('button', { name: 'Reset demo database' }));
    const confirm = screen.getByRole('group', { name: 'Reset all demo data?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(reload).not.toHaveBeenCalled();
    expect(findAccountByEmail(env.db.read(), 'gone@example.com')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Reset demo database' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(env.db.read().accounts).toEqual([]);
    expect(env.controls.get().latencyMs).toBe(0);
  });
});
