import { ApiProperty } from '@nestjs/swagger';

export class MapCenterDto {
  @ApiProperty({ example: 34.0522 })
  lat!: number;

  @ApiProperty({ example: -118.2437 })
  lng!: number;

  @ApiProperty({ example: 'Los Angeles' })
  name!: string;
}

export class MapConfigPayload {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Tile URL template with {z}, {x} and {y}; null when no tile server is configured (the picker then draws its own grid).',
    example: null,
  })
  tiles_url!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Attribution to show with the tiles.', example: null })
  attribution!: string | null;

  @ApiProperty({ type: () => MapCenterDto, description: 'Where the picker opens (spec §2: Los Angeles).' })
  default_center!: MapCenterDto;

  @ApiProperty({ description: 'Default radius of a new location, in miles.', example: 4 })
  default_radius!: number;

  @ApiProperty({ description: 'Initial zoom level.', example: 10 })
  zoom!: number;

  @ApiProperty({ description: 'Deepest zoom level.', example: 21 })
  max_zoom!: number;
}
