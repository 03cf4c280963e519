import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { rolesOfUserType, UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { CARD_PROVIDER } from './card-provider';
import type { CardProvider } from './card-provider';
import { CheckoutOpen } from './checkout-open.decorator';
import { DeclinedPayments } from './declined-payments';
import { SandboxAuthenticateInput, SandboxConfirmInput, SandboxConfirmPayload } from './dto/payments.dto';
import { PaymentsErrors } from './payments.errors';
import { PaymentsService } from './payments.service';
import { SandboxCardProvider } from './sandbox-card-provider';
import type { SandboxConfirmation } from './sandbox-card-provider';

const PAYERS = [...rolesOfUserType(UserType.Fan), ...rolesOfUserType(UserType.Business)];

/**
 * The embedded provider's side of checkout: what Stripe.js and Stripe's servers do with a card, for
 * `npm start` offline. Answers 1404 when Stripe is the provider. Like Stripe, the provider reports an
 * authorisation as an event as well, so a request is marked paid even if the browser never comes back.
 */
@ApiTags('payments')
@Controller('payments/sandbox')
export class SandboxController {
  constructor(
    @Inject(CARD_PROVIDER) private readonly provider: CardProvider,
    private readonly payments: PaymentsService,
    private readonly declines: DeclinedPayments,
  ) {}

  @Post('confirm')
  @HttpCode(200)
  @Roles(...PAYERS)
  @CheckoutOpen()
  @RateLimit('payment')
  @ApiOperation({ summary: "Sandbox only: confirm a payment intent with a card (Stripe's test numbers)." })
  @ApiOkEnvelope(SandboxConfirmPayload)
  async confirm(@CurrentAccount() account: AuthenticatedAccount, @Body() body: SandboxConfirmInput): Promise<SandboxConfirmPayload> {
    const confirmation = await this.sandbox().confirm(body.client_secret, account.id, {
      number: body.card_number,
      expMonth: body.exp_month,
      expYear: body.exp_year,
      cvc: body.cvc,
    });
    // Only a refused card comes back with a message here: the decline Stripe would report as payment_intent.payment_failed.
    if (confirmation?.message) await this.payments.recordDecline(account.id);
    return this.answer(confirmation);
  }

  @Post('authenticate')
  @HttpCode(200)
  @Roles(...PAYERS)
  @RateLimit('payment')
  @ApiOperation({ summary: 'Sandbox only: complete or fail the authentication step (card 4000 0025 0000 3155).' })
  @ApiOkEnvelope(SandboxConfirmPayload)
  async authenticate(@CurrentAccount() account: AuthenticatedAccount, @Body() body: SandboxAuthenticateInput): Promise<SandboxConfirmPayload> {
    return this.answer(await this.sandbox().authenticate(body.client_secret, account.id, body.approve));
  }

  private sandbox(): SandboxCardProvider {
    if (!(this.provider instanceof SandboxCardProvider)) throw PaymentsErrors.notFound();
    return this.provider;
  }

  private async answer(confirmation: SandboxConfirmation | null): Promise<SandboxConfirmPayload> {
    // Someone else's or an unknown secret: as for a missing intent.
    if (!confirmation) throw PaymentsErrors.notFound();
    if (confirmation.intent.status === 'requires_capture') {
      await this.payments.receiveEvent({ id: `evt_sbx_${randomUUID()}`, type: 'payment_intent.amount_capturable_updated', intentId: confirmation.intent.id });
    }
    // A campaign's payment is captured on confirmation: Stripe reports it as payment_intent.succeeded.
    if (confirmation.intent.status === 'succeeded') {
      await this.payments.receiveEvent({ id: `evt_sbx_${randomUUID()}`, type: 'payment_intent.succeeded', intentId: confirmation.intent.id });
    }
    return { status: confirmation.intent.status, message: confirmation.message };
  }
}
