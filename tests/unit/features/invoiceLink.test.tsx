/**
 * An invoice link the API hands out as a path (`/invoices/123.pdf`) is on the API's host: in a live build that is
 * not the page's origin. The orders list resolves it there, and only an http(s) link gets a download button.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import toast from 'react-hot-toast';
import { createActor } from 'xstate';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { configureApiClient } from '../../../src/api/client';
import { endpoints } from '../../../src/api/contract';
import { OrdersSection, ordersList } from '../../../src/features/billing/OrdersSection';
import { ToastArea } from '../../../src/ui/ToastArea';

/** The API's own host, as a live build is configured: not the page's origin (http://localhost:5173). */
const API = 'https://api.example.test';

const order = (orderNo: string, invoiceUrl: string) => ({
  orderNo,
  createTime: '2026-03-01T10:00:00Z',
  provider: 'creem',
  packageId: 'starter',
  amount: 10,
  currency: 'USD',
  credits: 1000,
  status: 'paid',
  invoiceStatus: 'issued',
  invoiceUrl,
});

const fetched: string[] = [];
const server = setupServer(
  http.post(`${API}${endpoints.payOrderList.path}`, () =>
    HttpResponse.json({
      code: 200,
      msg: 'ok',
      data: {
        records: [
          order('o-path', '/invoices/123.pdf'),
          order('o-script', 'javascript:alert(1)'),
          order('o-data', 'data:application/pdf;base64,AA=='),
        ],
        total: 3,
        pageNum: 1,
        pageSize: 10,
      },
    }),
  ),
  http.get(`${API}/invoices/:file`, ({ request }) => {
    fetched.push(request.url);
    return new HttpResponse(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } });
  }),
);

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  server.listen({ onUnhandledRequest: 'error' });
  configureApiClient({ baseURL: API });
});
afterEach(() => {
  act(() => toast.remove());
  cleanup();
});
afterAll(() => {
  configureApiClient();
  server.close();
});

describe('invoice links in the orders list', () => {
  it('a path is downloaded from the API’s host; a link in another scheme gets no download at all', async () => {
    const actor = createActor(ordersList, { input: { pageSize: 10 } }).start();
    render(
      <I18nProvider i18n={i18n}>
        <OrdersSection actor={actor} />
        <ToastArea />
      </I18nProvider>,
    );
    const download = await screen.findByRole('button', { name: 'Download the invoice for order o-path' });
    expect(screen.queryByRole('button', { name: 'Download the invoice for order o-script' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download the invoice for order o-data' })).toBeNull();
    await userEvent.setup().click(download);
    await screen.findByText('Invoice downloaded.');
    expect(fetched).toEqual([`${API}/invoices/123.pdf`]);
    actor.stop();
  });
});
