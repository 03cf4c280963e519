import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { serialiseOpenApiDocument } from '../src/app/openapi-document';
import { loadAppConfig } from '../src/config/app-config';
import { findWorkspaceRoot } from '../src/config/workspace-root';
import { generateOpenApiDocument } from '../src/openapi';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const COMMITTED = join(findWorkspaceRoot(__dirname), 'libs/api-client/openapi.json');

describe('OpenAPI document', () => {
  it('matches libs/api-client/openapi.json (run `npm run openapi` after changing routes or DTOs)', async () => {
    const generated = serialiseOpenApiDocument(await generateOpenApiDocument(loadAppConfig({})));
    const committed = readFileSync(COMMITTED, 'utf8');
    if (generated !== committed) {
      throw new Error(
        'libs/api-client/openapi.json is out of date with the API. Run `npm run openapi` (then `npm run generate -w @huddle/api-client`) and commit the result.',
      );
    }
    expect(generated).toBe(committed);
  });

  describe('as served', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp();
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('serves the JSON at /api/docs-json with real schemas, security and the error envelope', async () => {
      const response = await request(testApp.server).get('/api/docs-json').expect(200);
      const document = response.body;
      expect(document.servers).toEqual([{ url: '/api/v1' }]);
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/health', '/user/accounts', '/public/meta/reference-data']));
      expect(document.paths['/user/accounts'].get.security).toEqual([{ huddle_session: [] }, { 'access-token': [] }]);
      expect(document.paths['/public/meta/reference-data'].get.security).toBeUndefined();
      expect(document.paths['/health'].get.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
      expect(Object.keys(document.components.schemas)).toEqual(
        expect.arrayContaining(['StatusResponseDto', 'ErrorResponse', 'AccountResponse', 'AccountDto', 'ReferenceDataResponse', 'HealthResponse']),
      );
      expect(Object.keys(document.components.schemas.AccountDto.properties)).not.toContain('password_hash');
    });

    it('serves the interactive documentation at /api/docs', async () => {
      const response = await request(testApp.server).get('/api/docs').redirects(1).expect(200);
      expect(response.text).toContain('swagger-ui');
    });
  });
});
