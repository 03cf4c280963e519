import { Body, Controller, Get, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { rolesOfUserType, UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { CARD_PROVIDER } from './card-provider';
import type { CardProvider, SavedCard } from './card-provider';
import { CheckoutOpen } from './checkout-open.decorator';
import { DeclinedPayments } from './declined-payments';
import { PaymentMethodsPayload, SandboxSaveCardInput, SavedCardDto, SavedCardPayload, SetupIntentPayload } from './dto/payments.dto';
import { PaymentsService } from './payments.service';
import { SandboxCardProvider } from './sandbox-card-provider';

const PAYERS = [...rolesOfUserType(UserType.Fan), ...rolesOfUserType(UserType.Business)];

function cardDto(card: SavedCard): SavedCardDto {
  return { id: card.id, brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear };
}

/** The requester's saved cards (spec §7: POST and GET payment-method). */
@ApiTags('payments')
@Controller('payments/payment-method')
export class PaymentMethodsController {
  constructor(
    private readonly payments: PaymentsService,
    @Inject(CARD_PROVIDER) private readonly provider: CardProvider,
    private readonly declines: DeclinedPayments,
  ) {}

  @Get()
  @Roles(...PAYERS)
  @ApiOperation({ summary: "The caller's saved cards." })
  @ApiOkEnvelope(PaymentMethodsPayload)
  async list(@CurrentAccount() account: AuthenticatedAccount): Promise<PaymentMethodsPayload> {
    return { payment_methods: (await this.payments.savedCards(account.id)).map(cardDto) };
  }

  @Post()
  @Roles(...PAYERS)
  @CheckoutOpen()
  @RateLimit('cardSave')
  @ApiOperation({ summary: 'Start saving a card: answers a setup intent the browser confirms with the provider.' })
  @ApiOkEnvelope(SetupIntentPayload, 201)
  async start(@CurrentAccount() account: AuthenticatedAccount): Promise<SetupIntentPayload> {
    const setup = await this.payments.startSavingCard(account.id);
    return { setup_intent: { client_secret: setup.clientSecret }, provider: setup.provider, publishable_key: setup.publishableKey };
  }

  @Post('sandbox')
  @Roles(...PAYERS)
  @CheckoutOpen()
  @RateLimit('cardSave')
  @ApiOperation({ summary: "Sandbox only: save a card (Stripe's test numbers); the provider's message when it is refused." })
  @ApiOkEnvelope(SavedCardPayload, 201)
  async saveSandboxCard(@CurrentAccount() account: AuthenticatedAccount, @Body() body: SandboxSaveCardInput): Promise<SavedCardPayload> {
    if (!(this.provider instanceof SandboxCardProvider)) return { payment_method: null, message: 'Cards are saved through the card provider' };
    const saved = await this.provider.saveCard(account.id, { number: body.card_number, expMonth: body.exp_month, expYear: body.exp_year, cvc: body.cvc });
    // A card refused while saving is a decline like one at checkout: testing cards by saving them pauses checkout too.
    if (saved.message) await this.payments.recordDecline(account.id);
    return { payment_method: saved.card ? cardDto(saved.card) : null, message: saved.message };
  }
}
