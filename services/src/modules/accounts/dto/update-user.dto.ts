import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  IfSent, UserFirstName, UserLastName, PasswordLength, UserPhoto, UserRole, UserUsername,
} from './user-fields.decorators.js';

/**
 * PUT /api/accounts/:userid. Every field is optional: only those sent change. `password` resets
 * the password (an empty one means "no reset"); `active: false` deactivates the account.
 */
export class UpdateUserDto {
  @ApiPropertyOptional({ description: 'Optional; when sent it must equal the :userid of the path' })
  @IsOptional()
  @MaxLength(36, { message: 'userid must be at most 36 characters' })
  @IsString({ message: 'userid must be text' })
  userid?: string;

  @ApiPropertyOptional()
  @IfSent()
  @UserFirstName()
  firstname?: string;

  @ApiPropertyOptional()
  @IfSent()
  @UserLastName()
  lastname?: string;

  @ApiPropertyOptional()
  @IfSent()
  @UserUsername()
  username?: string;

  @ApiPropertyOptional()
  @IfSent()
  @UserRole()
  role?: string;

  @ApiPropertyOptional({ format: 'password' })
  @IsOptional()
  @IsString({ message: 'Password must be text' })
  @PasswordLength()
  password?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @UserPhoto()
  photo?: string | null;

  @ApiPropertyOptional({ description: 'false deactivates the account: it cannot sign in and its sessions end' })
  @IfSent()
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}
