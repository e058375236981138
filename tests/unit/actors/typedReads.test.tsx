/**
 * Reads as views use them: a read declared once and shown with useResource is one request and one state for every
 * view that shows it at the same time; a paged list's rows come typed by its call. The type checks below are
 * compiled by `npm run typecheck` (tsconfig includes the tests): a wrong use must not compile.
 */
import { StrictMode, useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ContextFrom } from 'xstate';
import { detailsDialogMachineFor } from '../../../machines/detailsDialog.machine';
import { pagedListMachineFor } from '../../../machines/pagedList.machine';
import { resourceMachineFor } from '../../../machines/resource.machine';
import { createPagedListLogic, usePagedList } from '../../../src/actors/pagedList';
import { OwnReads, defineRead, useResource, type Read } from '../../../src/actors/resource';
import type { ApiResult } from '../../../src/api/client';
import type { Page } from '../../../src/api/contract';

afterEach(cleanup);

interface Vault {
  id: string;
  label: string;
}

function ok<T>(data: T): ApiResult<T> {
  return { code: 200, msg: 'ok', data };
}

/** A loader that answers each call with the next list, counting the calls. */
function vaultsLoader(...answers: Vault[][]) {
  let call = 0;
  return vi.fn(() => Promise.resolve(ok(answers[Math.min(call++, answers.length - 1)] ?? [])));
}

function VaultList({ read, name }: { read: Read<Vault[], []>; name: string }) {
  const vaults = useResource(read);
  return (
    <section aria-label={name}>
      <p>{vaults.phase}</p>
      <ul>
        {(vaults.value ?? []).map((vault) => (
          <li key={vault.id}>{vault.label}</li>
        ))}
      </ul>
      <button onClick={vaults.refresh}>Refresh {name}</button>
    </section>
  );
}

describe('useResource', () => {
  it('two views of one read on a page make one request and share its state, a refresh included', async () => {
    const load = vaultsLoader([{ id: 'v1', label: 'PayPal one' }], [{ id: 'v2', label: 'PayPal two' }]);
    const read = defineRead(load);
    render(
      <StrictMode>
        <VaultList read={read} name="checkout" />
        <VaultList read={read} name="top-up" />
      </StrictMode>,
    );
    expect(await screen.findAllByText('PayPal one')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh checkout' }));
    // The other view shows the new answer too: it is the same actor, not a copy.
    expect(await screen.findAllByText('PayPal two')).toHaveLength(2);
    expect(screen.queryByText('PayPal one')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a read is keyed by its call: the same arguments share one request, other arguments make their own', async () => {
    const load = vi.fn((zip: string) => Promise.resolve(ok({ state: zip === '10001' ? 'NY' : 'CA' })));
    const zipState = defineRead(load);
    function State({ zip }: { zip: string }) {
      const { value } = useResource(zipState, zip);
      return <p>{`${zip}: ${value?.state ?? '…'}`}</p>;
    }
    render(
      <>
        <State zip="10001" />
        <State zip="10001" />
        <State zip="94105" />
      </>,
    );
    expect(await screen.findAllByText('10001: NY')).toHaveLength(2);
    expect(await screen.findByText('94105: CA')).toBeInTheDocument();
    expect(load.mock.calls).toEqual([['10001'], ['94105']]);
  });

  it('reads again when its views come back after leaving, and OwnReads keeps its reads to itself', async () => {
    const load = vaultsLoader([{ id: 'v1', label: 'PayPal one' }]);
    const read = defineRead(load);
    function Page() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button onClick={() => setShown((now) => !now)}>Toggle</button>
          {shown ? <VaultList read={read} name="app" /> : null}
          <OwnReads>
            <VaultList read={read} name="own" />
          </OwnReads>
        </>
      );
    }
    render(<Page />);
    expect(await screen.findAllByText('PayPal one')).toHaveLength(2);
    // The app's view and the one inside OwnReads each made their own request.
    expect(load).toHaveBeenCalledTimes(2);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(screen.queryByRole('region', { name: 'app' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(await screen.findAllByText('PayPal one')).toHaveLength(2);
    // The read stopped with its last view and started afresh with the next.
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('types the value by the read’s call', () => {
    const read = defineRead(() => Promise.resolve(ok<Vault[] | null>(null)));
    expectTypeOf(read).toEqualTypeOf<Read<Vault[] | null, []>>();
    expectTypeOf<ReturnType<typeof useResource<Vault[], []>>['value']>().toEqualTypeOf<Vault[] | null>();
    const zipState = defineRead((zip: string) => Promise.resolve(ok({ state: zip })));
    function WrongCall() {
      // @ts-expect-error the ZIP code read is called with a ZIP code
      useResource(zipState);
      // @ts-expect-error a ZIP code is a string
      useResource(zipState, 10001);
      // @ts-expect-error what the ZIP code read answers has no label
      return useResource(zipState, '10001').value?.label;
    }
    expect(WrongCall).toBeTypeOf('function');
  });
});

interface Row {
  id: string;
  credits: number;
}

function rowsPage(records: Row[]): ApiResult<Page<Row>> {
  return ok({ records, total: records.length, pageNum: 1, pageSize: 10 });
}

describe('usePagedList', () => {
  it('gives the rows of the page on screen, typed by the list’s call', async () => {
    const fetchPage = vi.fn(() => Promise.resolve(rowsPage([{ id: 'r1', credits: 3 }])));
    const list = createPagedListLogic(fetchPage);
    function Rows() {
      const { records } = usePagedList(list, { pageSize: 10 });
      expectTypeOf(records).toEqualTypeOf<Row[]>();
      return (
        <ul>
          {records.map((row) => (
            <li key={row.id}>{`${row.id} costs ${row.credits}`}</li>
          ))}
        </ul>
      );
    }
    render(<Rows />);
    expect(await screen.findByText('r1 costs 3')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10, filters: {} });
  });

  it('does not compile a wrong use of its rows', () => {
    const list = createPagedListLogic(() => Promise.resolve(rowsPage([])));
    function WrongRows() {
      const { records } = usePagedList(list, { pageSize: 10 });
      // @ts-expect-error a row's credits are a number
      const label: string = records[0]?.credits ?? '';
      return label;
    }
    expect(WrongRows).toBeTypeOf('function');
  });
});

describe('the typed chart factories', () => {
  it('type the context by what the chart holds, and stay one chart with the catalogue’s id', () => {
    expectTypeOf<ContextFrom<ReturnType<typeof resourceMachineFor<Vault[]>>>['value']>().toEqualTypeOf<Vault[] | null>();
    expectTypeOf<ContextFrom<ReturnType<typeof pagedListMachineFor<Row>>>['records']>().toEqualTypeOf<Row[]>();
    expectTypeOf<ContextFrom<ReturnType<typeof detailsDialogMachineFor<Row>>>['item']>().toEqualTypeOf<Row | null>();
    // @ts-expect-error a list of rows does not hold vaults
    expectTypeOf<ContextFrom<ReturnType<typeof pagedListMachineFor<Row>>>['records']>().toEqualTypeOf<Vault[]>();
    expect([resourceMachineFor<Vault>().id, pagedListMachineFor<Row>().id, detailsDialogMachineFor<Row>().id]).toEqual([
      'resource',
      'pagedList',
      'detailsDialog',
    ]);
  });
});
