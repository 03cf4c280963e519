/** A reply with nothing but status_response (the envelope interceptor adds it). */
export class EmptyPayload {}
