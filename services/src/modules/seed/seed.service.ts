import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service.js';
import { AccountsService, type FirstAdministrator } from '../accounts/accounts.service.js';
import { CategoriesService } from '../categories/categories.service.js';
import { RolesService } from '../roles/roles.service.js';

/**
 * Runs at every start, after the migrations; idempotent. Roles from SEEDED_ROLES (never undoing an
 * administrator's edits), the reference lists from `@pnss/libs/lookups`, then the first
 * administrator when there is no user yet.
 */
@Injectable()
export class SeedService {
  constructor(
    private readonly database: DatabaseService,
    private readonly roles: RolesService,
    private readonly categories: CategoriesService,
    private readonly accounts: AccountsService,
  ) {}

  async run(): Promise<FirstAdministrator> {
    await this.database.transaction(async (tx) => {
      // Two instances starting together would otherwise both insert the same roles.
      await this.database.lock(tx, 'pnss:seed');
      await this.roles.seed(tx);
      await this.categories.refresh(tx);
    });
    return this.accounts.ensureFirstAdministrator();
  }
}
