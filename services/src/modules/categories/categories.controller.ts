import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { RequirePermissions } from '../auth/decorators/access.decorator.js';
import { CategoriesService } from './categories.service.js';

@ApiTags('categories')
@ApiBearerAuth()
@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  /** The reference lists there are: `[{ key, label, updatedAt }]`. */
  @Get()
  @RequirePermissions(PERMISSIONS.GET_CATEGORIES)
  list() {
    return this.categories.catalogue();
  }

  /** The entries of one list (LookupEntry[]); 404 for an unknown key. */
  @Get(':category')
  @RequirePermissions(PERMISSIONS.GET_CATEGORIES)
  entries(@Param('category') category: string) {
    return this.categories.entries(category);
  }
}
