import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DiscordConsentPage } from '../../../src/demo/discord/DiscordConsentPage';
import { parseConsentRequest } from '../../../src/demo/discord/consent';
import { createDemoEnvironment, type DemoEnvironment } from '../../../src/demo/environment';
import { DEMO_DISCORD_PATH } from '../../../src/services/demoPages';

const ORIGIN = 'http://localhost:5173';
const RETURN = `${ORIGIN}/join-discord`;

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => cleanup());

function consentHref(params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: 'demo',
    response_type: 'code',
    scope: 'identify guilds.join',
    redirect_uri: RETURN,
    state: 's-1',
    ...params,
  });
  return `${ORIGIN}${DEMO_DISCORD_PATH}authorize?${query.toString()}`;
}

function renderPage(href: string, env: DemoEnvironment = createDemoEnvironment()) {
  const navigate = vi.fn<(url: string) => void>();
  render(
    <I18nProvider i18n={i18n}>
      <DiscordConsentPage env={env} request={parseConsentRequest(href)} navigate={navigate} />
    </I18nProvider>,
  );
  return { env, navigate };
}

function navigatedTo(navigate: ReturnType<typeof vi.fn<(url: string) => void>>): URL {
  expect(navigate).toHaveBeenCalledTimes(1);
  return new URL(navigate.mock.calls[0]?.[0] ?? '');
}

describe('the demo Discord consent page', () => {
  it('asks for the two permissions and, on Authorize, returns a one-time code with the state', () => {
    const { env, navigate } = renderPage(consentHref());
    expect(screen.getByText('Demo Discord — nothing leaves your browser')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Nano Banana API wants to access your Discord account' })).toHaveFocus();
    expect(screen.getByText('Know your username')).toBeInTheDocument();
    expect(screen.getByText('Join servers for you')).toBeInTheDocument();
    expect(screen.getByText('Once you authorize, you will be sent back to localhost:5173.')).toBeInTheDocument();
    expect(screen.getByLabelText('Discord username')).toHaveValue('banana_dev');

    fireEvent.change(screen.getByLabelText('Discord username'), { target: { value: '  night.owl_7 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Authorize' }));
    const back = navigatedTo(navigate);
    expect(`${back.origin}${back.pathname}`).toBe(RETURN);
    expect(back.searchParams.get('state')).toBe('s-1');
    const code = back.searchParams.get('code') ?? '';
    expect(env.db.read().discordCodes).toEqual([{ code, discordUsername: 'night.owl_7', createdAt: expect.any(Number) as number, used: false }]);
    expect(screen.getByRole('status')).toHaveTextContent('Returning to Nano Banana API…');
    expect(screen.getByRole('button', { name: 'Authorize' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('refuses a name Discord would not allow, and hands out nothing', () => {
    const { env, navigate } = renderPage(consentHref());
    fireEvent.change(screen.getByLabelText('Discord username'), { target: { value: 'Not Allowed!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Authorize' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Use 2 to 32 lowercase letters, digits, underscores or periods.');
    expect(screen.getByLabelText('Discord username')).toHaveAttribute('aria-invalid', 'true');
    expect(navigate).not.toHaveBeenCalled();
    expect(env.db.read().discordCodes).toEqual([]);
  });

  it('Cancel returns access_denied, and the Discord error simulation returns server_error, each with the state', () => {
    const cancelled = renderPage(consentHref());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const denied = navigatedTo(cancelled.navigate);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('error_description')).toBe('The resource owner or authorization server denied the request');
    expect(denied.searchParams.get('state')).toBe('s-1');
    expect(denied.searchParams.has('code')).toBe(false);
    cleanup();

    const failing = renderPage(consentHref({ state: 's-2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discord error' }));
    const error = navigatedTo(failing.navigate);
    expect(`${error.origin}${error.pathname}`).toBe(RETURN);
    expect(error.searchParams.get('error')).toBe('server_error');
    expect(error.searchParams.get('state')).toBe('s-2');
    expect(failing.env.db.read().discordCodes).toEqual([]);
  });

  it('refuses to send anyone to another website', () => {
    const { navigate } = renderPage(consentHref({ redirect_uri: 'https://evil.example/steal' }));
    expect(screen.getByRole('heading', { level: 1, name: 'This authorization link is not valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'It would send you back to another website (https://evil.example/steal), so nothing is sent there.',
    );
    expect(screen.queryByRole('button', { name: 'Authorize' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Nano Banana API' })).toHaveAttribute('href', RETURN);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refuses a request that is not for an authorization code', () => {
    renderPage(consentHref({ response_type: 'token' }));
    expect(screen.getByRole('alert')).toHaveTextContent('It does not ask for an authorization code for an app.');
    expect(screen.getByRole('link', { name: 'Back to Nano Banana API' })).toHaveAttribute('href', RETURN);
  });
});
