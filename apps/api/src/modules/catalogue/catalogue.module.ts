import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';
import { ConferenceEntity } from './entities/conference.entity';
import { DivisionEntity } from './entities/division.entity';
import { SchoolEntity } from './entities/school.entity';
import { SportEntity } from './entities/sport.entity';
import { TeamEntity } from './entities/team.entity';

@Module({
  imports: [TypeOrmModule.forFeature([SportEntity, DivisionEntity, ConferenceEntity, SchoolEntity, TeamEntity])],
  controllers: [CatalogueController],
  providers: [CatalogueService],
  exports: [CatalogueService],
})
export class CatalogueModule {}
