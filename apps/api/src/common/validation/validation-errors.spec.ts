import 'reflect-metadata';
import { IsEmail, IsNotEmpty, ValidateNested, validateSync } from 'class-validator';
import { plainToInstance, Type } from 'class-transformer';
import { ErrorCode, MESSAGES } from '@huddle/domain';
import { fieldErrorsOf, validationFailed } from './validation-errors';

class Address {
  @IsNotEmpty({ message: MESSAGES.required })
  city!: string;
}

class Person {
  @IsEmail({}, { message: MESSAGES.emailInvalid })
  @IsNotEmpty({ message: MESSAGES.emailRequired })
  email!: string;

  @IsNotEmpty({ message: MESSAGES.required })
  first_name!: string;

  @ValidateNested()
  @Type(() => Address)
  address!: Address;
}

function errorsFor(plain: object) {
  return validateSync(plainToInstance(Person, plain));
}

describe('validation errors', () => {
  it('reports a missing value as missing rather than as a bad format', () => {
    const fields = fieldErrorsOf(errorsFor({ first_name: 'Ann', address: { city: 'Austin' } }));
    expect(fields).toEqual({ email: MESSAGES.emailRequired });
  });

  it('names nested fields with dotted paths', () => {
    const fields = fieldErrorsOf(errorsFor({ email: 'ann@example.com', first_name: 'Ann', address: {} }));
    expect(fields).toEqual({ 'address.city': MESSAGES.required });
  });

  it('builds a ValidationFailed error whose message is the first field message', () => {
    const error = validationFailed(errorsFor({ email: 'not-an-email', address: { city: 'Austin' } }));
    expect(error.code).toBe(ErrorCode.ValidationFailed);
    expect(error.message).toBe(MESSAGES.emailInvalid);
    expect(error.details).toEqual({ email: MESSAGES.emailInvalid, first_name: MESSAGES.required });
  });
});
