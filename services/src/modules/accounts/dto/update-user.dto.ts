import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Trim } from '../../../common/validation/trim.decorator.js';
import { USERNAME_PATTERN, USERNAME_RULE } from '../account.policies.js';

/**
 * PUT /api/accounts/:userid. Every field is optional: only those sent change. `password` resets
 * the password (an empty one means "no reset"); `active: false` deactivates the account.
 */
export class UpdateUserDto {
  @ApiPropertyOptional({ description: 'Optional; when sent it must equal the :userid of the path' })
  @IsOptional()
  @IsString({ message: 'userid must be text' })
  userid?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: UpdateUserDto) => o.firstname !== undefined)
  @Trim()
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  firstname?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: UpdateUserDto) => o.lastname !== undefined)
  @Trim()
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  lastname?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: UpdateUserDto) => o.username !== undefined)
  @Trim()
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  @Matches(USERNAME_PATTERN, { message: USERNAME_RULE })
  username?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: UpdateUserDto) => o.role !== undefined)
  @Trim()
  @IsString({ message: 'Role is required' })
  @IsNotEmpty({ message: 'Role is required' })
  @MaxLength(100, { message: 'Role does not exist' })
  role?: string;

  @ApiPropertyOptional({ format: 'password' })
  @IsOptional()
  @IsString({ message: 'Password must be text' })
  @MaxLength(1000, { message: 'Password must be at most 72 bytes long' })
  password?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'Photo must be a PNG, JPEG or WebP image' })
  photo?: string | null;

  @ApiPropertyOptional({ description: 'false deactivates the account: it cannot sign in and its sessions end' })
  @ValidateIf((o: UpdateUserDto) => o.active !== undefined)
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}
