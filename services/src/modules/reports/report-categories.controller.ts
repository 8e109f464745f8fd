import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MOTHER_CONDITION_CROSSES, ReportsService } from './reports.service.js';
import { ReportsErrorCode, reportsError } from './reports.errors.js';


/**
 * The report categories of SPEC.md §7 under /api/categories, beside the reference lists (GET
 * /api/categories and /api/categories/{list} keep serving those). Each named category answers its
 * definition ({ _id, name, label, segments }), or, given from and to, its report rows.
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('categories')
export class ReportCategoriesController {
  constructor(private readonly reports: ReportsService) {}

  @Get('reports')
  @ApiOperation({ summary: 'Every report category with its segments, for the table selectors' })
  list() {
    return this.reports.categories();
  }

  @Get('MotherCondition')
  @ApiOperation({ summary: "Mother condition: the category, or with from and to its rows, crossed with AOG, DirectMaternalDeath, DeathTiming or PregnancyType; any other cross is 'No crosssegments'" })
  @ApiQuery({ name: 'cross', enum: MOTHER_CONDITION_CROSSES, required: false })
  @ApiQuery({ name: 'from', type: Number, required: false })
  @ApiQuery({ name: 'to', type: Number, required: false })
  motherCondition(@Query('cross') cross?: string, @Query('from') from?: string, @Query('to') to?: string) {
    if (cross !== undefined && cross !== '' && !(MOTHER_CONDITION_CROSSES as readonly string[]).includes(cross)) {
      throw reportsError(ReportsErrorCode.NoCrossSegments, { field: 'cross', value: cross });
    }
    return this.answer('MotherCondition', cross, from, to);
  }

  @Get('csindication')
  @ApiOperation({ summary: 'CS indications: the category, or with from and to its rows' })
  @ApiQuery({ name: 'from', type: Number, required: false })
  @ApiQuery({ name: 'to', type: Number, required: false })
  csIndication(@Query('from') from?: string, @Query('to') to?: string) {
    return this.answer('csindication', undefined, from, to);
  }

  @Get('deliverymanner')
  @ApiOperation({ summary: 'Manner of delivery: the category, or with from and to its rows' })
  @ApiQuery({ name: 'from', type: Number, required: false })
  @ApiQuery({ name: 'to', type: Number, required: false })
  deliveryManner(@Query('from') from?: string, @Query('to') to?: string) {
    return this.answer('deliverymanner', undefined, from, to);
  }

  @Get('AOG')
  @ApiOperation({ summary: 'Age of gestation: the category, or with from and to its rows' })
  @ApiQuery({ name: 'from', type: Number, required: false })
  @ApiQuery({ name: 'to', type: Number, required: false })
  aog(@Query('from') from?: string, @Query('to') to?: string) {
    return this.answer('AOG', undefined, from, to);
  }

  @Get('PregnancyType')
  @ApiOperation({ summary: 'Pregnancy type: the category, or with from and to its rows' })
  @ApiQuery({ name: 'from', type: Number, required: false })
  @ApiQuery({ name: 'to', type: Number, required: false })
  pregnancyType(@Query('from') from?: string, @Query('to') to?: string) {
    return this.answer('PregnancyType', undefined, from, to);
  }

  private answer(category: string, cross: string | undefined, from: string | undefined, to: string | undefined) {
    if (from === undefined && to === undefined && !cross) return this.reports.category(category);
    return this.reports.table(category, cross, from, to);
  }
}
