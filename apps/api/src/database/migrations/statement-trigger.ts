/**
 * A plpgsql statement trigger function (for AFTER INSERT, UPDATE, DELETE triggers declared with
 * transition tables new_rows / old_rows, and TRUNCATE) that runs `track` on the statement's rows
 * with a sign: +1 for rows added, -1 for rows taken away (an update is both), so rollups append the
 * change a statement made; `truncate` runs on TRUNCATE. Migrations freeze the SQL it returns.
 */
export function statementTriggerFunction(name: string, columns: string, track: (source: string) => string, truncate: string): string {
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${track(`SELECT ${columns}, 1 AS sign FROM new_rows`)};
      ELSIF TG_OP = 'UPDATE' THEN
        ${track(`SELECT ${columns}, 1 AS sign FROM new_rows UNION ALL SELECT ${columns}, -1 FROM old_rows`)};
      ELSIF TG_OP = 'DELETE' THEN
        ${track(`SELECT ${columns}, -1 AS sign FROM old_rows`)};
      ELSE
        ${truncate};
      END IF;
      RETURN NULL;
    END $$`;
}

/** The four statement triggers that run `fn` on `table` (named `<table>_<suffix>_<event>`). */
export function statementTriggers(table: string, suffix: string, fn: string): string[] {
  return [
    `CREATE TRIGGER ${table}_${suffix}_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${table}_${suffix}_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${table}_${suffix}_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${table}_${suffix}_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  ];
}
