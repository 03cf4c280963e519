import { ApiProperty } from '@nestjs/swagger';

export class HealthPayload {
  @ApiProperty({ enum: ['ok'], description: 'PostgreSQL answered a query.' })
  db!: 'ok';
}
