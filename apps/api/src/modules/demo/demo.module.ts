import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { DemoSeeder } from './demo-seeder.service';

@Module({
  imports: [AuthModule],
  providers: [DemoSeeder],
  exports: [DemoSeeder],
})
export class DemoModule {}
