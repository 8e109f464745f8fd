import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Trim } from '../../../common/validation/trim.decorator.js';
import { USERNAME_PATTERN, USERNAME_RULE } from '../account.policies.js';

/** POST /api/accounts/register. The password policy and the photo rules are checked by the service. */
export class RegisterUserDto {
  @ApiProperty()
  @Trim()
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  firstname!: string;

  @ApiProperty()
  @Trim()
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  lastname!: string;

  @ApiProperty({ description: 'Unique without regard to case' })
  @Trim()
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  @Matches(USERNAME_PATTERN, { message: USERNAME_RULE })
  username!: string;

  @ApiProperty({ description: 'A role name from GET /api/roles/names (its _id is accepted too)' })
  @Trim()
  @IsString({ message: 'Role is required' })
  @IsNotEmpty({ message: 'Role is required' })
  @MaxLength(100, { message: 'Role does not exist' })
  role!: string;

  @ApiProperty({ format: 'password', description: 'At least 12 characters, not containing the user name' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(1000, { message: 'Password must be at most 72 bytes long' })
  password!: string;

  @ApiPropertyOptional({ nullable: true, description: 'A data URL of a PNG, JPEG or WebP image, at most 200 KB' })
  @IsOptional()
  @IsString({ message: 'Photo must be a PNG, JPEG or WebP image' })
  photo?: string | null;
}
