import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** Body of POST /api/reports/table (SPEC.md §7): checked by ReportsService, which words every refusal. */
export class ReportTableDto {
  @ApiProperty({ description: 'Row category: a report category name (GET /api/categories/reports)', example: 'MotherCondition' })
  @Allow()
  category!: unknown;

  @ApiPropertyOptional({ description: 'Column category; left out (or "N/A") for none', example: 'AOG' })
  @Allow()
  cross?: unknown;

  @ApiProperty({ description: 'Millisecond timestamp; its UTC day is the first counted day', example: 1767225600000 })
  @Allow()
  from!: unknown;

  @ApiProperty({ description: 'Millisecond timestamp; its UTC day is the last counted day', example: 1774915200000 })
  @Allow()
  to!: unknown;
}
