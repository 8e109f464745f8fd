import { applyDecorators } from '@nestjs/common';
import { IsByteLength, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Trim } from '../../../common/validation/trim.decorator.js';
import { ACCOUNT_MESSAGES, PASSWORD_MAX_BYTES, PHOTO_DATA_URL_MAX_LENGTH } from '@pnss/libs/validation';
import { USERNAME_PATTERN, USERNAME_RULE } from '../account.policies.js';

/**
 * The rules of a user's fields, one definition for register and update, so the two forms can never
 * accept different names, user names or roles.
 */

/**
 * Text the user must give: trimmed, then refused when missing or empty with the field's own words.
 * Listed in the order stacked decorators are applied (bottom up), so the messages keep their order.
 */
function requiredText(requiredMessage: string, rule: PropertyDecorator): PropertyDecorator {
  return applyDecorators(rule, IsNotEmpty({ message: requiredMessage }), IsString({ message: requiredMessage }), Trim());
}

export const UserFirstName = () =>
  requiredText('First name is required', MaxLength(100, { message: 'First name must be at most 100 characters' }));
export const UserLastName = () =>
  requiredText('Last name is required', MaxLength(100, { message: 'Last name must be at most 100 characters' }));
export const UserUsername = () => requiredText('Username is required', Matches(USERNAME_PATTERN, { message: USERNAME_RULE }));
export const UserRole = () => requiredText('Role is required', MaxLength(100, { message: 'Role does not exist' }));
/**
 * The one password length limit (issue 27 item 6), libs' PASSWORD_MAX_BYTES: bcrypt reads no further,
 * so a longer password would sign in with its first 72 bytes. MaxLength puts it in the OpenAPI
 * document (a character is at least a byte); IsByteLength holds the bytes. Sign-in, registration and
 * reset all take it. The policy (at least 12 characters, not the user name) is the service's.
 */
export const PasswordLength = () =>
  applyDecorators(
    IsByteLength(0, PASSWORD_MAX_BYTES, { message: ACCOUNT_MESSAGES.passwordTooLong }),
    MaxLength(PASSWORD_MAX_BYTES, { message: ACCOUNT_MESSAGES.passwordTooLong }),
  );
export const UserPhoto = () =>
  applyDecorators(
    MaxLength(PHOTO_DATA_URL_MAX_LENGTH, { message: ACCOUNT_MESSAGES.photoSize }),
    IsString({ message: 'Photo must be a PNG, JPEG or WebP image' }),
  );

/** On update a field left out keeps its value: its rules apply only when it is sent. */
export const IfSent = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
