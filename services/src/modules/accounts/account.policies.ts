import type { FieldError } from '@pnss/libs/api';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  PHOTO_MAX_BYTES,
  USERNAME_PATTERN,
  passwordProblem as passwordRule,
  photoProblem as photoRule,
} from '@pnss/libs/validation';

// The rules live in @pnss/libs, where the user form checks them too; here they name the field.
export { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, PHOTO_MAX_BYTES, USERNAME_PATTERN };
export const USERNAME_RULE = ACCOUNT_MESSAGES.usernameRule;

/** The password policy for a new account and for every reset: null when the password is acceptable. */
export function passwordProblem(password: string, username: string): FieldError | null {
  const message = passwordRule(password, username);
  return message ? { field: 'password', message } : null;
}

/** A photo is a PNG, JPEG or WebP data URL of at most 200 KB whose bytes are what it claims. */
export function photoProblem(photo: string): FieldError | null {
  const message = photoRule(photo);
  return message ? { field: 'photo', message } : null;
}
