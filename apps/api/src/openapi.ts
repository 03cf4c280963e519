import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app/app.module';
import { createHttpAdapter } from './app/http-adapter';
import { createOpenApiDocument, serialiseOpenApiDocument } from './app/openapi-document';
import { loadAppConfig } from './config/app-config';
import type { AppConfig } from './config/app-config';

/**
 * Builds the document from the real module graph in preview mode: Nest resolves every module and
 * route without instantiating providers, so no database is started or needed.
 */
export async function generateOpenApiDocument(config: AppConfig): Promise<OpenAPIObject> {
  const app = await NestFactory.create(AppModule.forRoot(config), createHttpAdapter(config), { preview: true, logger: ['fatal', 'error'], abortOnError: false });
  try {
    return createOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('Usage: node dist/openapi.js <output.json>');
  const document = await generateOpenApiDocument(loadAppConfig());
  writeFileSync(resolve(target), serialiseOpenApiDocument(document));
  process.stdout.write(`OpenAPI document written to ${resolve(target)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
