import request from 'supertest';
import { ErrorCode } from '@huddle/domain';
import { CapturingLogger } from './support/capturing-logger';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe('GET /health', () => {
  let testApp: TestApp;
  const logger = new CapturingLogger();

  beforeAll(async () => {
    testApp = await createTestApp({ logger });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('reports the database reachable, to anyone', async () => {
    const response = await request(testApp.server).get('/api/v1/health').expect(200);
    expect(response.body).toEqual({ db: 'ok', status_response: { status: 200, response_message: 'OK', response_internal_code: 0 } });
  });

  it('answers 503 ServiceUnavailable once the database is gone', async () => {
    await testApp.dataSource.destroy();
    const response = await request(testApp.server).get('/api/v1/health').expect(503);
    expect(response.body.status_response).toEqual({
      status: 503,
      response_message: 'The database is not answering',
      response_internal_code: ErrorCode.ServiceUnavailable,
    });
    expect(logger.errors.some((line) => line.includes('Database health check failed'))).toBe(true);
  });
});
