import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { AuthModule, AuthSecret } from '../auth/auth.module';
import { EmbeddedVideoProvider, TwilioVideoProvider, VIDEO_PROVIDER } from './video-provider';
import type { VideoProvider } from './video-provider';
import { VideoService } from './video.service';

/**
 * Video chat sessions (issue 13): Twilio Video when TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SID and
 * TWILIO_API_KEY_SECRET are set, the embedded peer-to-peer WebRTC provider otherwise. Exports
 * VideoService; booking decides who joins and when, video never reads requests.
 */
@Module({
  imports: [AuthModule],
  providers: [
    VideoService,
    {
      provide: VIDEO_PROVIDER,
      inject: [AppConfig, AuthSecret],
      useFactory: (config: AppConfig, secret: AuthSecret): VideoProvider =>
        config.TWILIO_ACCOUNT_SID && config.TWILIO_API_KEY_SID && config.TWILIO_API_KEY_SECRET
          ? new TwilioVideoProvider({ accountSid: config.TWILIO_ACCOUNT_SID, apiKeySid: config.TWILIO_API_KEY_SID, apiKeySecret: config.TWILIO_API_KEY_SECRET })
          : new EmbeddedVideoProvider(secret),
    },
  ],
  exports: [VideoService],
})
export class VideoModule {}
