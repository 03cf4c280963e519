/**
 * The administrator's rules, on their own entry so that no other role's first screen carries them:
 * the console's counters, custom pushes and formula-safe CSV cells.
 */
export * from './custom-pushes';
export * from './admin-counters';
export * from './csv-cell';
