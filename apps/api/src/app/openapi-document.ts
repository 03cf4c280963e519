import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { INestApplication } from '@nestjs/common';
import { ErrorResponse } from '../common/http/envelope';
import { ACCESS_TOKEN_SCHEME, SESSION_COOKIE_SCHEME } from '../common/access/access.decorators';
import { ACCESS_TOKEN_HEADER, SESSION_COOKIE } from '@huddle/domain';

export const API_PREFIX = 'api/v1';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

const ERROR_REPLY = {
  description: 'Any failure: status_response carries the HTTP status, the message to show and the internal code (spec §8).',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
};

/**
 * The OpenAPI document of every route, with paths relative to the server /api/v1 (the paths of
 * spec §7). Every operation documents the error envelope as its default response.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const options = new DocumentBuilder()
    .setTitle('Huddle API')
    .setDescription('Book paid services from college athletes. Every reply carries status_response { status, response_message, response_internal_code }.')
    .setVersion('1')
    .addServer(`/${API_PREFIX}`)
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_COOKIE_SCHEME)
    .addApiKey({ type: 'apiKey', in: 'header', name: ACCESS_TOKEN_HEADER }, ACCESS_TOKEN_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, options, {
    ignoreGlobalPrefix: true,
    extraModels: [ErrorResponse],
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  for (const item of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) operation.responses = { ...operation.responses, default: ERROR_REPLY };
    }
  }
  return document;
}

export function serialiseOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
