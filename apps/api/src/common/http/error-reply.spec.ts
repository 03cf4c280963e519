import { BadRequestException, ForbiddenException, HttpException, NotFoundException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ERROR_MESSAGES, ErrorCode } from '@huddle/domain';
import { DomainError } from '../errors/domain-error';
import { codeForHttpStatus, toErrorReply } from './error-reply';

describe('toErrorReply', () => {
  it('answers a DomainError with its code, message, mapped status and field errors', () => {
    const reply = toErrorReply(new DomainError(ErrorCode.ValidationFailed, 'Email is required', { email: 'Email is required' }));
    expect(reply).toEqual({
      status: 400,
      unexpected: false,
      body: {
        status_response: { status: 400, response_message: 'Email is required', response_internal_code: ErrorCode.ValidationFailed },
        errors: { email: 'Email is required' },
      },
    });
  });

  it('maps framework exceptions to generic codes with catalogue text', () => {
    expect(toErrorReply(new NotFoundException('Cannot GET /nope')).body.status_response).toEqual({
      status: 404,
      response_message: ERROR_MESSAGES[ErrorCode.NotFound],
      response_internal_code: ErrorCode.NotFound,
    });
    expect(toErrorReply(new ThrottlerException()).body.status_response.response_internal_code).toBe(ErrorCode.TooManyRequests);
    expect(toErrorReply(new ForbiddenException()).status).toBe(403);
    expect(toErrorReply(new BadRequestException()).body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
  });

  it('hides unknown errors behind the Internal code and flags them for logging', () => {
    const reply = toErrorReply(new TypeError('secret detail at /srv/app.js:10'));
    expect(reply.status).toBe(500);
    expect(reply.unexpected).toBe(true);
    expect(JSON.stringify(reply.body)).not.toContain('secret');
    expect(reply.body.status_response.response_internal_code).toBe(ErrorCode.Internal);
  });

  it('answers PostgreSQL being away (refused, shut down, starting, connection lost) 503, not 500', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutDown = Object.assign(new Error('Query failed'), { driverError: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    const starting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    for (const error of [refused, shutDown, starting, new Error('Connection terminated unexpectedly'), new AggregateError([refused])]) {
      const reply = toErrorReply(error);
      expect(reply).toMatchObject({ status: 503, unexpected: false });
      expect(reply.body.status_response).toEqual({ status: 503, response_message: ERROR_MESSAGES[ErrorCode.ServiceUnavailable], response_internal_code: ErrorCode.ServiceUnavailable });
    }
    // A wrong statement is still the server's own failure.
    expect(toErrorReply(Object.assign(new Error('syntax error'), { code: '42601' })).status).toBe(500);
  });

  it('treats middleware errors with a 4xx status as client errors', () => {
    const malformed = Object.assign(new SyntaxError('Unexpected token'), { status: 400 });
    const reply = toErrorReply(malformed);
    expect(reply.status).toBe(400);
    expect(reply.unexpected).toBe(false);
  });

  it('falls back by status class for unlisted statuses', () => {
    expect(codeForHttpStatus(418)).toBe(ErrorCode.ValidationFailed);
    expect(codeForHttpStatus(502)).toBe(ErrorCode.Internal);
    expect(toErrorReply(new HttpException('gateway', 502)).unexpected).toBe(true);
  });
});
