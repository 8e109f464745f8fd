import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Answer } from '../../openapi/answer.decorator.js';
import { REPORT_TIMESTAMP_SCHEMA } from '../../openapi/validation-rules.js';
import { MOTHER_CONDITION_CROSSES, ReportsService } from '../reports/reports.service.js';
import { CategoriesService } from './categories.service.js';

/**
 * Everything under /api/categories (SPEC.md §7): the reference lists (GET /categories and
 * /categories/{list}), and the report categories, each of which answers its definition
 * ({ _id, name, label, segments }) or, given from and to, its report rows. A named report category
 * is a fixed path, so it is matched before the list key.
 */
@ApiBearerAuth()
@Controller('categories')
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
    private readonly reports: ReportsService,
  ) {}

  /** The reference lists there are: `[{ key, label, updatedAt }]`. */
  @Get()
  @ApiTags('categories')
  @Answer('The reference lists, by key', 'CategoryList')
  list() {
    return this.categories.catalogue();
  }

  @Get('reports')
  @ApiTags('reports')
  @Answer('Every report category with its segments, for the table selectors', 'ReportCategoryList')
  reportCategories() {
    return this.reports.categories();
  }

  @Get('MotherCondition')
  @ApiTags('reports')
  @Answer("Mother condition: the category, or with from and to its rows, crossed with AOG, DirectMaternalDeath, DeathTiming or PregnancyType; any other cross is 'No crosssegments'", 'ReportCategoryAnswer')
  @ApiQuery({ name: 'cross', enum: MOTHER_CONDITION_CROSSES, required: false })
  @ApiQuery({ name: 'from', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  @ApiQuery({ name: 'to', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  motherCondition(@Query('cross') cross?: string, @Query('from') from?: string, @Query('to') to?: string) {
    return this.reports.categoryAnswer('MotherCondition', cross, from, to);
  }

  @Get('csindication')
  @ApiTags('reports')
  @Answer('CS indications: the category, or with from and to its rows', 'ReportCategoryAnswer')
  @ApiQuery({ name: 'from', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  @ApiQuery({ name: 'to', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  csIndication(@Query('from') from?: string, @Query('to') to?: string) {
    return this.reports.categoryAnswer('csindication', undefined, from, to);
  }

  @Get('deliverymanner')
  @ApiTags('reports')
  @Answer('Manner of delivery: the category, or with from and to its rows', 'ReportCategoryAnswer')
  @ApiQuery({ name: 'from', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  @ApiQuery({ name: 'to', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  deliveryManner(@Query('from') from?: string, @Query('to') to?: string) {
    return this.reports.categoryAnswer('deliverymanner', undefined, from, to);
  }

  @Get('AOG')
  @ApiTags('reports')
  @Answer('Age of gestation: the category, or with from and to its rows', 'ReportCategoryAnswer')
  @ApiQuery({ name: 'from', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  @ApiQuery({ name: 'to', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  aog(@Query('from') from?: string, @Query('to') to?: string) {
    return this.reports.categoryAnswer('AOG', undefined, from, to);
  }

  @Get('PregnancyType')
  @ApiTags('reports')
  @Answer('Pregnancy type: the category, or with from and to its rows', 'ReportCategoryAnswer')
  @ApiQuery({ name: 'from', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  @ApiQuery({ name: 'to', schema: REPORT_TIMESTAMP_SCHEMA, required: false })
  pregnancyType(@Query('from') from?: string, @Query('to') to?: string) {
    return this.reports.categoryAnswer('PregnancyType', undefined, from, to);
  }

  /** The entries of one list (LookupEntry[]); 404 for an unknown key. */
  @Get(':category')
  @ApiTags('categories')
  @Answer('One reference list with its categories and conditions', 'CategoryEntries')
  entries(@Param('category') category: string) {
    return this.categories.entries(category);
  }
}
