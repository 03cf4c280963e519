// A real HTTP server on a free port answers, so the fetch, its headers and the error envelope are the real ones.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NETWORK_ERROR_MESSAGE } from './api-error';
import { attachmentName, fetchFile } from './file-download';

describe('fetchFile: a PDF or CSV the API serves', () => {
  let server: Server;
  let base = '';
  let reply: { status: number; type: string; body: string | Buffer; disposition?: string } = { status: 200, type: 'application/pdf', body: '' };

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(reply.status, { 'Content-Type': reply.type, ...(reply.disposition ? { 'Content-Disposition': reply.disposition } : {}) });
      response.end(reply.body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('reads the name of the attachment, without any folder', () => {
    expect(attachmentName('attachment; filename="huddle-nil-disclosure-2026-11-27-acme-co.pdf"')).toBe('huddle-nil-disclosure-2026-11-27-acme-co.pdf');
    expect(attachmentName("attachment; filename*=UTF-8''caf%C3%A9.csv")).toBe('café.csv');
    expect(attachmentName('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });

  it('answers the bytes and the name', async () => {
    reply = { status: 200, type: 'application/pdf', body: Buffer.from('%PDF-1.7\n%…'), disposition: 'attachment; filename="packet.pdf"' };
    const file = await fetchFile(`${base}/packet`);
    expect(file.filename).toBe('packet.pdf');
    expect(Buffer.from(await file.blob.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("fails with the envelope's code and message, or the body text when the reply is not JSON", async () => {
    reply = { status: 404, type: 'application/json', body: JSON.stringify({ status_response: { response_internal_code: 1404, response_message: 'Not found' } }) };
    await expect(fetchFile(`${base}/packet`)).rejects.toMatchObject({ status: 404, code: 1404 });
    reply = { status: 502, type: 'text/html', body: 'Bad gateway' };
    await expect(fetchFile(`${base}/packet`)).rejects.toMatchObject({ status: 502, message: 'Bad gateway' });
  });

  it('fails with the network error when nothing answers', async () => {
    await expect(fetchFile('http://127.0.0.1:1/packet')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
  });
});
