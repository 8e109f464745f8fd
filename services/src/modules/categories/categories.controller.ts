import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CategoriesService } from './categories.service.js';
import { Answer } from '../../openapi/answer.decorator.js';

@ApiTags('categories')
@ApiBearerAuth()
@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  /** The reference lists there are: `[{ key, label, updatedAt }]`. */
  @Get()
  @Answer('The reference lists, by key', 'CategoryList')
  list() {
    return this.categories.catalogue();
  }

  /** The entries of one list (LookupEntry[]); 404 for an unknown key. */
  @Get(':category')
  @Answer('One reference list with its categories and conditions', 'CategoryEntries')
  entries(@Param('category') category: string) {
    return this.categories.entries(category);
  }
}
