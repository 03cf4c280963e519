import { ERROR_MESSAGES, ErrorCode } from '@huddle/domain';
import { DomainError } from './domain-error';

describe('DomainError', () => {
  it('defaults its message to the catalogue text and its HTTP status to the code mapping', () => {
    const error = new DomainError(ErrorCode.EmailTaken);
    expect(error.message).toBe(ERROR_MESSAGES[ErrorCode.EmailTaken]);
    expect(error.httpStatus).toBe(409);
    expect(error.details).toBeUndefined();
  });

  it('keeps an explicit message and field details', () => {
    const error = new DomainError(ErrorCode.ValidationFailed, 'Email is required', { email: 'Email is required' });
    expect(error.message).toBe('Email is required');
    expect(error.httpStatus).toBe(400);
    expect(error.details).toEqual({ email: 'Email is required' });
  });
});
