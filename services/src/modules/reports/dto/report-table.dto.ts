import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REPORT_TIMESTAMP_MAX } from '@pnss/libs/reports';
import { Allow } from 'class-validator';

/** Body of POST /api/reports/table (SPEC.md §7): checked by ReportsService, which words every refusal. */
export class ReportTableDto {
  @ApiProperty({ type: String, maxLength: 64, pattern: '^[A-Za-z/]+$', description: 'Row category: a report category name (GET /api/categories/reports)', example: 'MotherCondition' })
  @Allow()
  category!: unknown;

  @ApiPropertyOptional({ type: String, maxLength: 64, pattern: '^[A-Za-z/]+$', description: 'Column category; left out (or "N/A") for none', example: 'AOG' })
  @Allow()
  cross?: unknown;

  @ApiProperty({ type: 'integer', format: 'int64', minimum: 0, maximum: REPORT_TIMESTAMP_MAX, description: 'Millisecond timestamp; its UTC day is the first counted day', example: 1767225600000 })
  @Allow()
  from!: unknown;

  @ApiProperty({ type: 'integer', format: 'int64', minimum: 0, maximum: REPORT_TIMESTAMP_MAX, description: 'Millisecond timestamp; its UTC day is the last counted day', example: 1774915200000 })
  @Allow()
  to!: unknown;
}
