import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CategoriesModule } from '../categories/categories.module.js';
import { RolesModule } from '../roles/roles.module.js';
import { SeedService } from './seed.service.js';

@Module({
  imports: [DatabaseModule, RolesModule, CategoriesModule, AccountsModule],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedModule {}
