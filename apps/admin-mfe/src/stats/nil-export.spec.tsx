/// <reference types="node" />
// A real HTTP server on a free port stands in for the API's reply, so the fetch, headers and envelope are the real ones.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import { AdminStatsScreen } from '../screens/AdminStatsScreen';
import { fetchFlaggedNilCsv } from './nil-export';

describe('Export flagged NIL deals (CSV)', () => {
  let server: Server;
  let base = '';
  let reply: { status: number; type: string; body: string; disposition?: string } = { status: 200, type: 'text/csv', body: '' };
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(reply.status, { 'Content-Type': reply.type, ...(reply.disposition ? { 'Content-Disposition': reply.disposition } : {}) });
      response.end(reply.body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('fetches GET /admin/nil-disclosures/flagged-export and hands back the CSV under its name', async () => {
    reply = { status: 200, type: 'text/csv; charset=utf-8', body: 'Athlete,Payor\r\nAva,Acme Co.\r\n', disposition: 'attachment; filename="huddle-nil-flagged-2026-11-27.csv"' };
    const file = await fetchFlaggedNilCsv(base);
    expect(seen.at(-1)).toBe('GET /api/v1/admin/nil-disclosures/flagged-export');
    expect(file.filename).toBe('huddle-nil-flagged-2026-11-27.csv');
    await expect(file.blob.text()).resolves.toBe('Athlete,Payor\r\nAva,Acme Co.\r\n');
    reply = { ...reply, disposition: undefined };
    await expect(fetchFlaggedNilCsv(base)).resolves.toMatchObject({ filename: 'huddle-nil-flagged.csv' });
  });

  it("fails with the API's message from its envelope", async () => {
    reply = { status: 403, type: 'application/json', body: JSON.stringify({ status_response: { response_internal_code: 1403, response_message: 'Only administrators may export' } }) };
    await expect(fetchFlaggedNilCsv(base)).rejects.toMatchObject({ status: 403, code: 1403 });
  });

  it('sits on /manage/stats beside the period selector', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <ShellContextProvider value={testShell({ role: 4 })} requires={SHELL_CONTRACT_VERSION}>
          <ToastProvider>
            <Router ssrPath="/manage/stats">
              <AdminStatsScreen />
            </Router>
          </ToastProvider>
        </ShellContextProvider>
      </QueryClientProvider>,
    );
    expect(html).toMatch(/adm-stats-bar.*aria-label="Period".*Export flagged NIL deals \(CSV\)/);
  });
});
