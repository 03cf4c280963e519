import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingService } from './booking.service';
import { RequestEntity } from './entities/request.entity';
import { ReviewEntity } from './entities/review.entity';

/** Requests, campaigns and reviews; it owns the requests and reviews tables. */
@Module({
  imports: [TypeOrmModule.forFeature([RequestEntity, ReviewEntity])],
  providers: [BookingService],
  exports: [BookingService],
})
export class BookingModule {}
