import { CreateAuthTables1763769600000 } from './1763769600000-create-auth-tables';
import { CreateCatalogue1763769700000 } from './1763769700000-create-catalogue';

/** Every migration, oldest first. Classes, not globs, so the list survives bundling and tests. */
export const MIGRATIONS = [CreateAuthTables1763769600000, CreateCatalogue1763769700000];
