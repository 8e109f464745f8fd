import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PasswordLength } from './user-fields.decorators.js';

export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(200, { message: 'Username is too long' })
  username!: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @PasswordLength()
  password!: string;
}
