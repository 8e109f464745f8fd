import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { UserFirstName, UserLastName, PasswordLength, UserPhoto, UserRole, UserUsername } from './user-fields.decorators.js';

/** POST /api/accounts/register. The password policy and the photo rules are checked by the service. */
export class RegisterUserDto {
  @ApiProperty()
  @UserFirstName()
  firstname!: string;

  @ApiProperty()
  @UserLastName()
  lastname!: string;

  @ApiProperty({ description: 'Unique without regard to case' })
  @UserUsername()
  username!: string;

  @ApiProperty({ description: 'A role name from GET /api/roles/names (its _id is accepted too)' })
  @UserRole()
  role!: string;

  @ApiProperty({ format: 'password', description: 'At least 12 characters, not containing the user name' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @PasswordLength()
  password!: string;

  @ApiPropertyOptional({ nullable: true, description: 'A data URL of a PNG, JPEG or WebP image, at most 200 KB' })
  @IsOptional()
  @UserPhoto()
  photo?: string | null;
}
