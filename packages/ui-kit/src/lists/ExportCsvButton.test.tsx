import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { csvRecordCounter } from '../exportCsv';
import { deferred, type FakeReply, installFakeApi } from '@growth-admin/shared-client/testing';
import { ExportCsvButton } from './ExportCsvButton';

const toast = () => ({ success: jest.fn(), error: jest.fn(), info: jest.fn() });
const CSV = 'Order Number,Customer\r\nSN1,"two\r\nlines, ""quoted"""\r\nSN2,bob\r\n';

describe('csvRecordCounter', () => {
  test('counts records, not line breaks inside quoted cells, across chunks', () => {
    const count = csvRecordCounter();
    expect(count('a,"b\r')).toBe(0);
    expect(count('\nc"\r\n')).toBe(1);
    expect(count('x,""""\r\ny\r\n')).toBe(3);
  });
});

describe('ExportCsvButton', () => {
  let saved: Array<{ name: string; text: string }>;
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: '' });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  test('asks for exactly the list query, downloads the file the server names, and says how many rows', async () => {
    const requests = installFakeApi({
      'GET /api/admin/orders/exportOrders': () => ({ text: CSV, headers: { 'X-Total-Count': '2', 'Content-Disposition': 'attachment; filename="orders-2026-11-23.csv"' } }),
    });
    const t = toast();
    render(<ExportCsvButton path="/api/admin/orders/exportOrders" query={() => ({ status: 'error', sort: 'paymentMoney.desc', q: undefined })} noun="orders" toast={t} />);
    fireEvent.click(screen.getByText('Export CSV'));
    await waitFor(() => expect(t.success).toHaveBeenCalledWith('Exported 2 orders'));
    expect(requests[0].query.toString()).toBe('status=error&sort=paymentMoney.desc');
    expect(requests[0].headers.Authorization ?? requests[0].headers['X-Signature']).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['orders-2026-11-23.csv']);
    await waitFor(() => expect(screen.getByText('Export CSV').closest('button')).toHaveFocus());
  });

  test('shows progress while it runs, and Cancel stops it without a file', async () => {
    const held = deferred<FakeReply>();
    installFakeApi({ 'GET /api/admin/persons/export': () => held.promise });
    const t = toast();
    render(<ExportCsvButton path="/api/admin/persons/export" query={() => ({})} noun="users" toast={t} />);
    fireEvent.click(screen.getByText('Export CSV'));
    expect(await screen.findByRole('status')).toHaveTextContent('Starting export...');
    await waitFor(() => expect(screen.getByText('Cancel').closest('button')).toHaveFocus());
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(t.info).toHaveBeenCalledWith('Export cancelled'));
    await act(async () => held.resolve({ text: CSV }));
    expect(saved).toEqual([]);
    expect(t.success).not.toHaveBeenCalled();
    expect(screen.getByText('Export CSV')).toBeInTheDocument();
  });

  test('a refused export says why', async () => {
    installFakeApi({ 'GET /api/admin/persons/export': () => ({ status: 400, body: { message: 'columns: "x" is not a Users column', code: 'VALIDATION_ERROR' } }) });
    const t = toast();
    render(<ExportCsvButton path="/api/admin/persons/export" query={() => ({ columns: 'x' })} noun="users" toast={t} />);
    fireEvent.click(screen.getByText('Export CSV'));
    await waitFor(() => expect(t.error).toHaveBeenCalledWith('Failed to export users: columns: "x" is not a Users column'));
    expect(saved).toEqual([]);
  });
});
