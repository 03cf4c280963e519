/**
 * The administrator's rules, on their own entry so that no other role's first screen carries them:
 * the console's messages, which accounts it may change, counters, custom pushes and formula-safe
 * CSV cells (the business's exports use the same cells), and how an audited action reads.
 */
export * from './admin-messages';
export * from './admin-users';
export * from './custom-pushes';
export * from './admin-counters';
export * from './csv-cell';
export * from './audit-entries';
