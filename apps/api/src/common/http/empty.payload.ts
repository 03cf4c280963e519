/** A reply with nothing but status_response (the success envelope adds it, see envelope.hook.ts). */
export class EmptyPayload {}
