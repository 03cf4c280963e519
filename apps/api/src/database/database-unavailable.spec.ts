import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable, noteConnectionLost } from './database-unavailable';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isDatabaseUnavailable', () => {
  it('takes a server going away or a lost connection as unavailable', () => {
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('COMMIT', [], withCode('08006')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('takes a query runner TypeORM released for its connection as unavailable only just after a connection was lost', () => {
    // No connection lost yet: a released runner is one used after its transaction ended, a bug.
    expect(isDatabaseUnavailable(new QueryRunnerAlreadyReleasedError())).toBe(false);
    expect(isDatabaseUnavailable(new QueryRunnerProviderAlreadyReleasedError())).toBe(false);
    noteConnectionLost();
    expect(isDatabaseUnavailable(new QueryRunnerAlreadyReleasedError())).toBe(true);
    expect(isDatabaseUnavailable(new QueryRunnerProviderAlreadyReleasedError())).toBe(true);
    noteConnectionLost(Date.now() - 31_000);
    expect(isDatabaseUnavailable(new QueryRunnerProviderAlreadyReleasedError())).toBe(false);
  });

  it('leaves a wrong statement or any other error alone', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT', [], withCode('42601')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Query runner already released'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
