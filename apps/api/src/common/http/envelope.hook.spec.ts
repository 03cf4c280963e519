import { withSuccessEnvelope } from './envelope.hook';

const ok = (status: number) => ({ status, response_message: 'OK', response_internal_code: 0 });

describe('withSuccessEnvelope', () => {
  it('adds status_response, with the status the reply is sent with, next to the fields', () => {
    expect(withSuccessEnvelope({ id: 'a' }, 201)).toEqual({ id: 'a', status_response: ok(201) });
  });

  it('answers a list as data', () => {
    expect(withSuccessEnvelope([1, 2], 200)).toEqual({ data: [1, 2], status_response: ok(200) });
  });

  it('leaves a body that already carries status_response, and anything not an object, alone', () => {
    const error = { status_response: { status: 404, response_message: 'Not found', response_internal_code: 1404 } };
    expect(withSuccessEnvelope(error, 200)).toBe(error);
    expect(withSuccessEnvelope('text', 200)).toBe('text');
    expect(withSuccessEnvelope(null, 200)).toBeNull();
  });
});
