import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import { ParseDtoArrayPipe } from '../../common/validation/parse-dto-array.pipe.js';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { UpdateRoleDto } from './dto/update-role.dto.js';
import { RolesService } from './roles.service.js';

// Who may call each route is written once, in libs' ROUTE_PERMISSIONS ('PUT /roles' ...): reading and
// editing roles needs the admin page's permission too; the role names stay open to whoever may add or
// edit users, and histories to view_audit.

@ApiTags('roles')
@ApiBearerAuth()
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  /** Role names for the user form's Role select: whoever may add or edit users needs them. */
  @Get('names')
  names() {
    return this.roles.names();
  }

  /** The features (permission names with labels) that the Roles screen shows as columns. */
  @Get('features')
  features() {
    return this.roles.features();
  }

  @Get()
  list() {
    return this.roles.list();
  }

  /** Body: a list of `{ _id, rolePermissions }`. Unknown permission names are a 400. */
  @Put()
  @ApiBody({ type: [UpdateRoleDto] })
  update(@CurrentUser() user: AuthenticatedUser, @Body(new ParseDtoArrayPipe(UpdateRoleDto)) items: UpdateRoleDto[]) {
    return this.roles.update(user, items);
  }

  /** The audit entries of one role, newest first. */
  @Get(':roleid/history')
  history(@Param('roleid', ParseIdPipe) roleId: string, @Query() query: PageQueryDto) {
    return this.roles.history(roleId, query.offset);
  }
}
