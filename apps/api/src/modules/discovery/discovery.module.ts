import { Module } from '@nestjs/common';
import { ClusterBusModule } from '../../database/cluster-bus';
import { AthletesModule } from '../athletes/athletes.module';
import { BookingModule } from '../booking/booking.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { MediaModule } from '../media/media.module';
import { AthleteActivityQuery } from './athlete-activity.query';
import { AthleteDirectoryQuery } from './athlete-directory.query';
import { DiscoveryController } from './discovery.controller';
import { DiscoveryService } from './discovery.service';

/** Finding athletes (dashboard search, campaign picker, recent, public profile); read-only, it owns no table. */
@Module({
  imports: [AthletesModule, BookingModule, CatalogueModule, ClusterBusModule, MediaModule],
  controllers: [DiscoveryController],
  providers: [DiscoveryService, AthleteDirectoryQuery, AthleteActivityQuery],
  exports: [DiscoveryService],
})
export class DiscoveryModule {}
