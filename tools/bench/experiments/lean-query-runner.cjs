// An experiment, not a setting: TypeORM's PostgresQueryRunner.query without its per-statement
// machinery (the logger's call, the subscribers' before/after broadcast, the QueryResult object),
// keeping its answers (rows, or [rows, affected] for an UPDATE or a DELETE) and its QueryFailedError.
// Loaded into the API's processes only, to measure what that machinery costs under the booking load:
//
//   npm run bench:booking -- --loads 10x5 --without-floor --api-node-options="--require ./tools/bench/experiments/lean-query-runner.cjs"
//
// (2026-11-30 22:45, README: no difference the runs could resolve.)
const { PostgresQueryRunner } = require('typeorm/driver/postgres/PostgresQueryRunner');
const { QueryFailedError } = require('typeorm/error/QueryFailedError');

const original = PostgresQueryRunner.prototype.query;
PostgresQueryRunner.prototype.query = async function query(sql, parameters, useStructuredResult = false) {
  if (useStructuredResult || this.isReleased) return original.call(this, sql, parameters, useStructuredResult);
  const connection = this.databaseConnection ?? (await this.connect());
  let raw;
  try {
    raw = await connection.query(sql, parameters);
  } catch (error) {
    this.driver.connection.logger.logQueryError(error, sql, parameters, this);
    throw new QueryFailedError(sql, parameters, error);
  }
  return raw.command === 'DELETE' || raw.command === 'UPDATE' ? [raw.rows, raw.rowCount] : raw.rows;
};
