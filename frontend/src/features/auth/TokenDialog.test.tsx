import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, unwrap } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { getToken } from '../../api/token';
import { json, mockApi, testQueryClient } from '../../test/render';
import { TokenDialog } from './TokenDialog';

const novelId = '11111111-1111-1111-1111-111111111111';
const TOKEN = 's3cret-token';

/** A server that wants TOKEN on every change, and records the Authorization header it got. */
function tokenServer() {
  const seen: { method: string; path: string; authorization: string | null }[] = [];
  mockApi((request, url) => {
    const authorization = request.headers.get('authorization');
    seen.push({ method: request.method, path: url.pathname, authorization });
    if (request.method !== 'GET' && authorization !== `Bearer ${TOKEN}`) {
      return json({ detail: "this server requires an API token: send 'Authorization: Bearer <token>'" }, 401);
    }
    if (url.pathname.endsWith('/lock')) return json({ id: 1, locked: true });
    return json([]);
  });
  return seen;
}

const lock = () =>
  unwrap(api.POST('/api/novels/{novel_id}/canon/{fact_id}/lock', { params: { path: { novel_id: novelId, fact_id: 1 } } }));
const read = () => unwrap(api.GET('/api/novels/{novel_id}/canon', { params: { path: { novel_id: novelId } } }));

function renderDialog() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <TokenDialog />
    </QueryClientProvider>,
  );
}

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('API token', () => {
  it('asks once on a 401, retries with the token, keeps it for the session and sends it only on changes', async () => {
    const user = userEvent.setup();
    const seen = tokenServer();
    renderDialog();

    const first = lock();
    const second = lock();
    const dialog = await screen.findByRole('dialog', { name: 'API token needed' });
    // Two refused requests, one dialog.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('API token'), TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Use this token' }));
    await expect(first).resolves.toEqual({ id: 1, locked: true });
    await expect(second).resolves.toEqual({ id: 1, locked: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('continuum.apiToken')).toBe(TOKEN);

    seen.length = 0;
    await lock();
    await read();
    expect(seen).toEqual([
      { method: 'POST', path: `/api/novels/${novelId}/canon/1/lock`, authorization: `Bearer ${TOKEN}` },
      { method: 'GET', path: `/api/novels/${novelId}/canon`, authorization: null },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('needs a value before it sends anything', async () => {
    const user = userEvent.setup();
    tokenServer();
    renderDialog();
    void lock().catch(() => undefined);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Use this token' }));
    expect(within(dialog).getByText('Enter the token, or cancel.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API token')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('gives up in plain words when the user cancels, and forgets a refused token', async () => {
    const user = userEvent.setup();
    const seen = tokenServer();
    renderDialog();

    const cancelled = lock().catch((e: unknown) => e);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    const error = await cancelled;
    expect(errorMessage(error)).toMatch(/asks for its API token .* Nothing was changed/);
    expect(getToken()).toBeNull();

    // A wrong token is refused, forgotten, and the dialog says so next time.
    const wrong = lock().catch((e: unknown) => e);
    await user.type(within(await screen.findByRole('dialog')).getByLabelText('API token'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await wrong).toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(seen.filter((s) => s.authorization === 'Bearer wrong')).toHaveLength(1);
  });

  it('says the token was refused when the saved one stops working', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('continuum.apiToken', 'stale');
    tokenServer();
    renderDialog();
    const call = lock();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The server refused the token you entered.');
    await user.type(within(dialog).getByLabelText('API token'), TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Use this token' }));
    await expect(call).resolves.toEqual({ id: 1, locked: true });
    await waitFor(() => expect(getToken()).toBe(TOKEN));
  });
});
