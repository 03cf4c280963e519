import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '../jobs/jobs.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { AthleteLocationsController } from './athlete-locations.controller';
import { AthleteServicesController } from './athlete-services.controller';
import { AthletesService } from './athletes.service';
import { AthleteLocationEntity } from './entities/athlete-location.entity';
import { AthleteProfileEntity } from './entities/athlete-profile.entity';
import { AthleteServiceEntity } from './entities/athlete-service.entity';

/** Athletes' survey, services and travel locations; it owns the athlete_* tables. */
@Module({
  imports: [TypeOrmModule.forFeature([AthleteProfileEntity, AthleteServiceEntity, AthleteLocationEntity]), CatalogueModule, JobsModule],
  controllers: [AthleteServicesController, AthleteLocationsController],
  providers: [AthletesService],
  exports: [AthletesService],
})
export class AthletesModule {}
