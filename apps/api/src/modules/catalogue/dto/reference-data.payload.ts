import { ApiProperty } from '@nestjs/swagger';

export class NamedRefDto {
  @ApiProperty({ example: 1 })
  id!: number;

  @ApiProperty({ example: 'Football' })
  name!: string;
}

export class ConferenceDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Southeastern Conference' })
  name!: string;

  @ApiProperty({ example: 'SEC' })
  short_name!: string;

  @ApiProperty()
  division_id!: number;

  @ApiProperty({ example: 'Division 1 FBS' })
  division!: string;
}

export class SchoolDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'University of Alabama' })
  name!: string;

  @ApiProperty({ example: 'Alabama' })
  short_name!: string;

  @ApiProperty({ example: 'AL', description: 'US state or district, two letters.' })
  state!: string;

  @ApiProperty({ description: 'All-sports conference.' })
  conference_id!: number;

  @ApiProperty({ example: 'SEC', description: 'Short name of the all-sports conference.' })
  conference!: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Football conference, where football plays outside the all-sports conference.' })
  football_conference_id!: number | null;

  @ApiProperty()
  division_id!: number;

  @ApiProperty({ example: 'Division 1 FBS' })
  division!: string;
}

export class TeamDto {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  school_id!: number;

  @ApiProperty()
  sport_id!: number;

  @ApiProperty({ example: 'Alabama Football' })
  name!: string;
}

export class ReferenceDataPayload {
  @ApiProperty({ type: [NamedRefDto], description: 'The 27 built-in sports, in the spec order.' })
  sports!: NamedRefDto[];

  @ApiProperty({ type: [NamedRefDto] })
  genders!: NamedRefDto[];

  @ApiProperty({ type: [NamedRefDto] })
  divisions!: NamedRefDto[];

  @ApiProperty({ type: [ConferenceDto] })
  conferences!: ConferenceDto[];

  @ApiProperty({ type: [SchoolDto] })
  schools!: SchoolDto[];

  @ApiProperty({ type: [TeamDto] })
  teams!: TeamDto[];

  @ApiProperty({ type: [Number], description: 'Ids of the schools an athlete can pick.' })
  available_schools!: number[];

  @ApiProperty({ description: 'Card provider publishable key.', example: 'pk_embedded_huddle' })
  stripe_public!: string;

  @ApiProperty({ type: [String], description: 'Apple in-app purchase product ids.' })
  iap_apple_products!: string[];

  @ApiProperty({ description: 'Path of the default intro video.', example: '/media/defaults/intro.mp4' })
  intro_video!: string;
}
