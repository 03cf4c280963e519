import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES } from '@huddle/domain';

export class GeocodeQuery {
  @ApiProperty({ description: 'A place ("Austin", "Austin, TX") or coordinates ("34.05, -118.24" or "34.05 -118.24").', example: 'Austin, TX' })
  @IsString({ message: MESSAGES.required })
  @IsNotEmpty({ message: MESSAGES.required })
  @MaxLength(200, { message: MESSAGES.textTooLong })
  query!: string;
}

export class LatLngDto {
  @ApiProperty({ example: 30.26715 })
  lat!: number;

  @ApiProperty({ example: -97.74306 })
  lng!: number;
}

export class BoundsDto {
  @ApiProperty({ type: () => LatLngDto })
  northeast!: LatLngDto;

  @ApiProperty({ type: () => LatLngDto })
  southwest!: LatLngDto;
}

export class GeometryDto {
  @ApiProperty({ type: () => LatLngDto })
  location!: LatLngDto;

  @ApiProperty({ type: () => BoundsDto, description: 'A box to fit the map to.' })
  bounds!: BoundsDto;
}

export class GeocodeResultDto {
  @ApiProperty({ example: 'Austin, TX, USA' })
  formatted_address!: string;

  @ApiProperty({ type: () => GeometryDto })
  geometry!: GeometryDto;
}

export class GeocodePayload {
  @ApiProperty({ type: [GeocodeResultDto], description: 'At most 10 places, best match first; empty when nothing matches.' })
  results!: GeocodeResultDto[];
}
