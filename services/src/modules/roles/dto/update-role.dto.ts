import { ApiProperty } from '@nestjs/swagger';
import { ALL_PERMISSIONS } from '@pnss/libs/permissions';
import { ArrayMaxSize, IsArray, IsString, IsUUID } from 'class-validator';

/** One item of PUT /api/roles: the features (permission names) the role holds from now on. */
export class UpdateRoleDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: '_id must be a valid role id' })
  _id!: string;

  @ApiProperty({ type: [String], enum: ALL_PERMISSIONS })
  @IsArray({ message: 'rolePermissions must be a list' })
  @ArrayMaxSize(200, { message: 'rolePermissions has too many entries' })
  @IsString({ each: true, message: 'rolePermissions must hold permission names' })
  rolePermissions!: string[];
}
