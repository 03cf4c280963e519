import { HttpStatus } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { ApiResponse, IntersectionType } from '@nestjs/swagger';
import { OkEnvelope } from './envelope';

const envelopes = new Map<Type, Type>();

/** XxxPayload + status_response, documented as the schema XxxResponse (one class per payload). */
export function envelopeOf(payload: Type): Type {
  let envelope = envelopes.get(payload);
  if (!envelope) {
    envelope = IntersectionType(payload, OkEnvelope);
    Object.defineProperty(envelope, 'name', { value: payload.name.replace(/Payload$/, '') + 'Response' });
    envelopes.set(payload, envelope);
  }
  return envelope;
}

/**
 * Documents a successful reply: handlers return the payload and the success envelope (envelope.hook.ts) adds
 * status_response, so the schema is composed here the same way.
 */
export function ApiOkEnvelope(payload: Type, status: number = HttpStatus.OK): MethodDecorator {
  return ApiResponse({ status, type: envelopeOf(payload) });
}
