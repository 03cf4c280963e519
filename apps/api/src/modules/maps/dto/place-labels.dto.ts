import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { MESSAGES } from '@huddle/domain';

export const MAX_PLACE_LABELS = 200;
export const DEFAULT_PLACE_LABELS = 40;

/** A latitude or longitude of the box, as a query parameter. */
function Coordinate(min: number, max: number, description: string): PropertyDecorator {
  return (target, key) => {
    ApiProperty({ type: Number, minimum: min, maximum: max, description })(target, key);
    Type(() => Number)(target, key);
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: MESSAGES.enterValidAmount })(target, key);
    Min(min)(target, key);
    Max(max)(target, key);
  };
}

/** GET /maps/places: the box the map shows. */
export class PlaceLabelsQuery {
  @Coordinate(-90, 90, 'Southern edge (latitude).') south!: number;
  @Coordinate(-180, 180, 'Western edge (longitude).') west!: number;
  @Coordinate(-90, 90, 'Northern edge (latitude).') north!: number;
  @Coordinate(-180, 180, 'Eastern edge (longitude).') east!: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PLACE_LABELS, default: DEFAULT_PLACE_LABELS })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PLACE_LABELS)
  limit?: number;
}

export class PlaceLabelDto {
  @ApiProperty({ example: 'Austin' })
  name!: string;

  @ApiProperty({ example: 'TX', description: 'Two-letter state code.' })
  state!: string;

  @ApiProperty({ example: 30.26715 })
  lat!: number;

  @ApiProperty({ example: -97.74306 })
  lng!: number;

  @ApiProperty({ example: 931830 })
  population!: number;
}

export class PlaceLabelsPayload {
  @ApiProperty({ type: [PlaceLabelDto], description: 'The most populous places inside the box, largest first.' })
  places!: PlaceLabelDto[];
}
