import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../dto-rules';

// Generous for provider codes and sealed states, small enough to keep URLs sane.
const MAX_PARAMETER_LENGTH = 4096;

/** The app's origin a business sign-in starts from (window.location.origin). */
export class BusinessSignInOriginQuery {
  @ApiPropertyOptional({
    description:
      "The app's origin the person uses (the shell sends window.location.origin): the sign-in comes back there when it is one of PUBLIC_APP_URL's and CORS_ORIGINS' origins, and is refused (1400, field origin) otherwise. Without it: PUBLIC_APP_URL.",
    maxLength: 200,
  })
  @Omittable()
  @IsString()
  @MaxLength(200)
  origin?: string;
}

export class StartBusinessSignInQuery extends BusinessSignInOriginQuery {
  @ApiPropertyOptional({ description: "The caller's opaque state, handed back as ?state= on the final redirect to the app.", maxLength: 500 })
  @Omittable()
  @IsString()
  @MaxLength(500)
  state?: string;
}

export class BusinessProviderPayload {
  @ApiProperty({ description: "Who plays the provider: 'facebook', or 'sandbox' (the API's own page, on the embedded database or when BUSINESS_SIGN_IN_SANDBOX is set)." })
  provider!: string;
}

export class BusinessCallbackQuery {
  @ApiPropertyOptional({ description: "The provider's authorization code." })
  @Omittable()
  @IsString()
  @MaxLength(MAX_PARAMETER_LENGTH)
  code?: string;

  @ApiPropertyOptional({ description: 'The signed state this API sent to the provider.' })
  @Omittable()
  @IsString()
  @MaxLength(MAX_PARAMETER_LENGTH)
  state?: string;

  @ApiPropertyOptional({ description: 'Set by the provider when the person cancelled or the provider refused.' })
  @Omittable()
  @IsString()
  @MaxLength(MAX_PARAMETER_LENGTH)
  error?: string;
}

export const SANDBOX_ACCOUNT_TYPES = ['company', 'regular'] as const;

/** The embedded sandbox provider's sign-in form (HTML, not part of the client API). */
export class SandboxAuthorizeBody {
  @Omittable()
  @IsString()
  @MaxLength(MAX_PARAMETER_LENGTH)
  state?: string;

  @Omittable()
  @IsString()
  @MaxLength(200)
  name?: string;

  @Omittable()
  @IsString()
  @MaxLength(254)
  email?: string;

  @Omittable()
  @IsIn(SANDBOX_ACCOUNT_TYPES)
  account_type?: (typeof SANDBOX_ACCOUNT_TYPES)[number];
}
