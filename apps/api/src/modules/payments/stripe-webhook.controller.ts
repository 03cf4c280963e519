import { Controller, Headers, HttpCode, Inject, Logger, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/access/access.decorators';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { CARD_PROVIDER } from './card-provider';
import type { CardProvider } from './card-provider';
import { PaymentsErrors } from './payments.errors';
import { PaymentsService } from './payments.service';
import { WebhookReceivedPayload } from './dto/payments.dto';

/**
 * Stripe's webhook (POST /payments/webhook): verified with the endpoint's signing secret on the
 * exact bytes received, acknowledged at once, handled as a job deduplicated on the event id. The
 * event only says which intent changed; the handler re-reads it from Stripe, so events that come
 * twice or out of order never act twice or backwards.
 */
@ApiTags('payments')
@Controller('payments/webhook')
export class StripeWebhookController {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(CARD_PROVIDER) private readonly provider: CardProvider,
    private readonly payments: PaymentsService,
  ) {}

  @Post()
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: "The card provider's webhook (Stripe-Signature verified); answers 1404 with the embedded sandbox." })
  @ApiOkEnvelope(WebhookReceivedPayload)
  async receive(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string): Promise<WebhookReceivedPayload> {
    if (this.provider.name !== 'stripe') throw PaymentsErrors.notFound();
    const raw = request.rawBody;
    if (!raw) throw PaymentsErrors.badSignature();
    let event;
    try {
      event = this.provider.verifyEvent(raw, signature);
    } catch (error) {
      this.logger.warn(`Refused a webhook: ${(error as Error).message}`);
      throw PaymentsErrors.badSignature();
    }
    // Every event is handled as a job; what it is about decides what happens (payments' handlers
    // for intents, charges, refunds and disputes; payouts' for Connect objects).
    await this.payments.receiveEvent(event);
    return { received: true };
  }
}
