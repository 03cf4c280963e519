import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsObject, IsOptional, ValidateIf, ValidateNested } from 'class-validator';
import { isValidEmail, MESSAGES, SPORTS } from '@huddle/domain';
import { NormaliseEmail, Omittable, Satisfies } from '../../dto-rules';
import { AthleteServicesDto, AthleteServicesInput } from './athlete-services.dto';
import { LocationDto, LocationInput } from './location.dto';

// An athlete keeps a handful of travel locations; the cap keeps one request's work bounded.
export const MAX_LOCATIONS = 50;

/** athlete_info of the registration wizard (finish-registration and save-athlete-profile). */
export class AthleteInfoInput {
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Id from reference data schools; required when more than one school exists.' })
  @IsOptional()
  @IsInt({ message: MESSAGES.chooseSchool })
  school_id?: number | null;

  @ApiPropertyOptional({ type: [Number], description: 'Sport ids from reference data, the one played first.', example: [1, 4] })
  @Omittable()
  @IsArray({ message: MESSAGES.chooseSport })
  @ArrayMaxSize(SPORTS.length)
  @IsInt({ each: true, message: MESSAGES.unknownChoice })
  sports?: number[];

  @ApiPropertyOptional({ type: String, nullable: true, format: 'email', description: "The athlete's school email address." })
  @IsOptional()
  @NormaliseEmail()
  @ValidateIf((_object, value) => value !== '' && value !== null)
  @Satisfies('isValidEmail', isValidEmail, MESSAGES.emailInvalid)
  school_email?: string | null;

  @ApiPropertyOptional({ type: () => AthleteServicesInput })
  @Omittable()
  @ValidateNested()
  @Type(() => AthleteServicesInput)
  athlete_services?: AthleteServicesInput;

  @ApiPropertyOptional({ type: () => [LocationInput], description: "Replaces the athlete's travel locations when given." })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(MAX_LOCATIONS)
  // ValidateNested passes an element that is itself an array ([[]]) without a look; each must be a location.
  @IsObject({ each: true, message: MESSAGES.required })
  @ValidateNested({ each: true })
  @Type(() => LocationInput)
  locations?: LocationInput[];
}

/** An athlete's part of AccountDto (spec §3, athlete_info). */
export class AthleteInfoDto {
  @ApiProperty({ format: 'uuid' })
  athlete_id!: string;

  @ApiProperty({ type: Number, nullable: true })
  school_id!: number | null;

  @ApiProperty({ type: String, nullable: true })
  school_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  school_email!: string | null;

  @ApiProperty({ description: 'Comma-separated sport ids, the one played first.', example: '1,4' })
  sports!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Name of the first sport.', example: 'Football' })
  sports_played!: string | null;

  @ApiProperty({ type: () => AthleteServicesDto })
  athlete_services!: AthleteServicesDto;

  @ApiProperty({ type: () => [LocationDto] })
  locations!: LocationDto[];
}
