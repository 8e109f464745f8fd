import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiExtraModels, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import { ParseDtoArrayPipe } from '../../common/validation/parse-dto-array.pipe.js';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { UpdateRoleDto } from './dto/update-role.dto.js';
import { RolesService } from './roles.service.js';
import { Answer } from '../../openapi/answer.decorator.js';

// Who may call each route is written once, in libs' ROUTE_PERMISSIONS ('PUT /roles' ...): reading and
// editing roles needs the admin page's permission too; the role names stay open to whoever may add or
// edit users, and histories to view_audit.

/** The most roles one PUT may change (the platform has a handful). */
const ROLES_BODY_MAX = 100;

@ApiTags('roles')
@ApiBearerAuth()
@ApiExtraModels(UpdateRoleDto)
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  /** Role names for the user form's Role select: whoever may add or edit users needs them. */
  @Get('names')
  @Answer('The roles a user may be given, by name and label', 'RoleNameList')
  names() {
    return this.roles.names();
  }

  /** The features (permission names with labels) that the Roles screen shows as columns. */
  @Get('features')
  @Answer('Every permission with its label and group, for the roles screen', 'RoleFeatureList')
  features() {
    return this.roles.features();
  }

  @Get()
  @Answer('The roles with their permissions', 'RoleList')
  list() {
    return this.roles.list();
  }

  /** Body: a list of `{ _id, rolePermissions }`. Unknown permission names are a 400. */
  @Put()
  @Answer('Sets the permissions of the roles sent; answers every role', 'RoleList', { errors: { 404: 'A role sent does not exist', 409: 'The change would leave no administrator' } })
  @ApiBody({ schema: { type: 'array', maxItems: ROLES_BODY_MAX, items: { $ref: getSchemaPath(UpdateRoleDto) } } })
  update(@CurrentUser() user: AuthenticatedUser, @Body(new ParseDtoArrayPipe(UpdateRoleDto, ROLES_BODY_MAX)) items: UpdateRoleDto[]) {
    return this.roles.update(user, items);
  }

  /** The audit entries of one role, newest first. */
  @Get(':roleid/history')
  @Answer("A role's audit entries, newest first, 100 a page", 'AuditPage')
  history(@Param('roleid', ParseIdPipe) roleId: string, @Query() query: PageQueryDto) {
    return this.roles.history(roleId, query.offset);
  }
}
