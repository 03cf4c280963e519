import { Injectable } from '@nestjs/common';

/**
 * Owner of in-app notifications and custom pushes, and of the live stream: the writing instance
 * publishes a notification id through PostgreSQL LISTEN/NOTIFY and every instance delivers it to
 * its own server-sent-event connections.
 */
@Injectable()
export class NotificationsService {}
