import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MOTHER_CONDITION_CROSSES, ReportsService } from './reports.service.js';
import { ReportsErrorCode, reportsError } from './reports.errors.js';
import { Answer } from '../../openapi/answer.decorator.js';
import { TIMESTAMP } from './reports.controller.js';


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
  @Answer('Every report category with its segments, for the table selectors', 'ReportCategoryList')
  list() {
    return this.reports.categories();
  }

  @Get('MotherCondition')
  @Answer("Mother condition: the category, or with from and to its rows, crossed with AOG, DirectMaternalDeath, DeathTiming or PregnancyType; any other cross is 'No crosssegments'", 'ReportCategoryAnswer')
  @ApiQuery({ name: 'cross', enum: MOTHER_CONDITION_CROSSES, required: false })
  @ApiQuery({ name: 'from', schema: TIMESTAMP, required: false })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, required: false })
  motherCondition(@Query('cross') cross?: string, @Query('from') from?: string, @Query('to') to?: string) {
    if (cross !== undefined && cross !== '' && !(MOTHER_CONDITION_CROSSES as readonly string[]).includes(cross)) {
      throw reportsError(ReportsErrorCode.NoCrossSegments, { field: 'cross', value: cross });
    }
    return this.answer('MotherCondition', cross, from, to);
  }

  @Get('csindication')
  @Answer('CS indications: the category, or with from and to its rows', 'ReportCategoryAnswer')
  @ApiQuery({ name: 'from', schema: TIMESTAMP, required: false })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, required: false })
  csIndication(@Query('from') from?: string, @Query('to') to?: string) {
    return this.answer('csindication', undefined, from, to);
  }

  @Get('deliverymanner')
  @Answer('Manner of delivery: the category, or with from and to its rows', 'ReportCategoryAnswer')
  @ApiQuery({ name: 'from', schema: TIMESTAMP, required: false })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, required: false })
  deliveryManner(@Query('from') from?: string, @Query('to') to?: string) {
    return this.answer('deliverymanner', undefined, from, to);
  }

  @Get('AOG')
  @Answer('Age of gestation: the category, or with from and to its rows', 'ReportCategoryAnswer')
  @ApiQuery({ name: 'from', schema: TIMESTAMP, required: false })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, required: false })
  aog(@Query('from') from?: string, @Query('to') to?: string) {
    return this.answer('AOG', undefined, from, to);
  }

  @Get('PregnancyType')
  @Answer('Pregnancy type: the category, or with from and to its rows', 'ReportCategoryAnswer')
  @ApiQuery({ name: 'from', schema: TIMESTAMP, required: false })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, required: false })
  pregnancyType(@Query('from') from?: string, @Query('to') to?: string) {
    return this.answer('PregnancyType', undefined, from, to);
  }

  private answer(category: string, cross: string | undefined, from: string | undefined, to: string | undefined) {
    if (from === undefined && to === undefined && !cross) return this.reports.category(category);
    return this.reports.table(category, cross, from, to);
  }
}
