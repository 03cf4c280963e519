import { SERVER_GLOBAL } from './global-setup';
import type { GlobalWithServer } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as GlobalWithServer)[SERVER_GLOBAL];
  await server?.stop();
}
