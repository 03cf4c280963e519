import { Module } from '@nestjs/common';
import { getRepositoryToken, TypeOrmModule } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { JobsModule } from '../jobs/jobs.module';
import { OutboxEmailAttachmentEntity } from './entities/outbox-email-attachment.entity';
import { OutboxEmailEntity } from './entities/outbox-email.entity';
import { MailTransport } from './mail-transport';
import { MailService } from './mail.service';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

@Module({
  imports: [TypeOrmModule.forFeature([OutboxEmailEntity, OutboxEmailAttachmentEntity]), JobsModule],
  providers: [
    MailService,
    {
      provide: MailTransport,
      inject: [AppConfig, getRepositoryToken(OutboxEmailEntity)],
      useFactory: (config: AppConfig, outbox: Repository<OutboxEmailEntity>): MailTransport =>
        config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(outbox, config.MAIL_FROM),
    },
  ],
  exports: [MailService],
})
export class MailModule {}
