import type { FieldError } from '@pnss/libs/api';

export const PASSWORD_MIN_LENGTH = 12;
/** bcrypt reads only the first 72 bytes; a longer password would be silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const PHOTO_MAX_BYTES = 200 * 1024;
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;

/** The password policy for a new account and for every reset: null when the password is acceptable. */
export function passwordProblem(password: string, username: string): FieldError | null {
  const fail = (message: string): FieldError => ({ field: 'password', message });
  if (password.length < PASSWORD_MIN_LENGTH) {
    return fail(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    return fail(`Password must be at most ${PASSWORD_MAX_BYTES} bytes long`);
  }
  if (username && password.toLowerCase().includes(username.toLowerCase())) {
    return fail('Password must not contain the user name');
  }
  return null;
}

const PHOTO_PATTERN = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/** A photo is a PNG, JPEG or WebP data URL of at most 200 KB whose bytes are what it claims. */
export function photoProblem(photo: string): FieldError | null {
  const fail = (message: string): FieldError => ({ field: 'photo', message });
  const match = PHOTO_PATTERN.exec(photo);
  if (!match) return fail('Photo must be a PNG, JPEG or WebP image');
  const [, type, data] = match;
  if (data.length % 4 !== 0) return fail('Photo must be a PNG, JPEG or WebP image');
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > PHOTO_MAX_BYTES) return fail('Photo must be at most 200 KB');
  if (!hasSignature(type, bytes)) return fail('Photo must be a PNG, JPEG or WebP image');
  return null;
}

function hasSignature(type: string, bytes: Buffer): boolean {
  switch (type) {
    case 'png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'jpeg':
      return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    default:
      return false;
  }
}
