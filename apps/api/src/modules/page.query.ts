import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { LIMITS } from '@huddle/domain';
import { Omittable } from './dto-rules';

/** A query string's whole number ('3'), as a number for the validators; anything else as sent, to be refused. */
export function toInteger({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
}

/** ?page=&page_size= of a paged list (1-based; 20 a page unless asked, at most 100). */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @Omittable()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(100000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: LIMITS.pageSize.default })
  @Omittable()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(100)
  page_size?: number;
}
