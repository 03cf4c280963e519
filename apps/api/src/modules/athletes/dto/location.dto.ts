import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, ValidateBy } from 'class-validator';
import { DEFAULT_LOCATION_TYPE, isLocationType, isValidLatLng, isValidRadius, LIMITS, LOCATION_SERVICE_TYPES, MESSAGES } from '@huddle/domain';
import type { LocationType } from '@huddle/domain';
import { Omittable, PlainText, Satisfies, SatisfiesNumber, Trim } from '../../dto-rules';

/** A travel location as the athlete saves it from the map picker (POST /athlete/locations). */
export class LocationInput {
  @ApiProperty({ maxLength: LIMITS.locationName.max, example: 'Downtown LA' })
  @Trim()
  @IsNotEmpty({ message: MESSAGES.chooseLocationName })
  @IsString()
  @MaxLength(LIMITS.locationName.max)
  @PlainText()
  name!: string;

  @ApiProperty({ example: 'Los Angeles, CA, USA' })
  @Trim()
  @IsNotEmpty({ message: MESSAGES.required })
  @IsString()
  @MaxLength(500)
  @PlainText()
  address!: string;

  // Coordinates come from the map picker; anything but a point on the map means none was chosen.
  @ApiProperty({ minimum: -90, maximum: 90, example: 34.0522 })
  @SatisfiesNumber('isLatitude', (latitude) => isValidLatLng({ lat: latitude, lng: 0 }), MESSAGES.required)
  latitude!: number;

  @ApiProperty({ minimum: -180, maximum: 180, example: -118.2437 })
  @SatisfiesNumber('isLongitude', (longitude) => isValidLatLng({ lat: 0, lng: longitude }), MESSAGES.required)
  longitude!: number;

  @ApiProperty({
    description: 'Miles around the place, whole miles.',
    minimum: LIMITS.map.minRadiusMiles,
    maximum: LIMITS.map.maxRadiusMiles,
    example: LIMITS.map.defaultRadiusMiles,
  })
  @ValidateBy({
    name: 'isValidRadius',
    validator: {
      validate: (value: unknown) => typeof value === 'number' && isValidRadius(value),
      // A radius beyond the maximum (3000000000, 1e308) is told so, not that it is too small.
      defaultMessage: (args) => (typeof args?.value === 'number' && args.value > LIMITS.map.maxRadiusMiles ? MESSAGES.radiusTooLarge : MESSAGES.radiusTooSmall),
    },
  })
  radius!: number;

  @ApiPropertyOptional({ enum: LOCATION_SERVICE_TYPES, default: DEFAULT_LOCATION_TYPE })
  @Omittable()
  @Satisfies('isLocationType', isLocationType, MESSAGES.unknownChoice)
  location_type?: LocationType;
}

export class LocationDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  athlete_id!: string;

  @ApiProperty({ enum: LOCATION_SERVICE_TYPES })
  location_type!: LocationType;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'Miles.' })
  radius!: number;

  @ApiProperty()
  address!: string;

  @ApiProperty()
  latitude!: number;

  @ApiProperty()
  longitude!: number;
}

export class LocationPayload {
  @ApiProperty({ type: () => LocationDto })
  location!: LocationDto;
}

export class LocationsPayload {
  @ApiProperty({ type: () => [LocationDto] })
  locations!: LocationDto[];
}

export class RemoveLocationQuery {
  @ApiProperty({ format: 'uuid' })
  @IsNotEmpty({ message: MESSAGES.required })
  @IsString()
  location_id!: string;
}
