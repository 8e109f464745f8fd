/**
 * The account rules of issue 6, written once: the user form checks them as the user types, and
 * the server enforces them on register and update. Each check answers the message to show, or null.
 */

export const PASSWORD_MIN_LENGTH = 12;
/** bcrypt reads only the first 72 bytes; a longer password would be silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const PHOTO_MAX_BYTES = 200 * 1024;
/** The longest data URL a photo of PHOTO_MAX_BYTES makes: base64 is 4 characters for 3 bytes, plus the `data:image/...;base64,` head. */
export const PHOTO_DATA_URL_MAX_LENGTH = Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 32;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;

export const ACCOUNT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  usernameRequired: 'Username is required',
  usernameRule: 'Username must be 3 to 64 letters, digits or . _ - @',
  usernameTaken: 'Username is already taken',
  roleRequired: 'Role is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_BYTES} bytes long`,
  passwordContainsUsername: 'Password must not contain the user name',
  photoType: 'Photo must be a PNG, JPEG or WebP image',
  photoSize: 'Photo must be at most 200 KB',
} as const;

/** A user name the server accepts, or the message saying why not. */
export function usernameProblem(username: string): string | null {
  if (username.trim() === '') return ACCOUNT_MESSAGES.usernameRequired;
  return USERNAME_PATTERN.test(username.trim()) ? null : ACCOUNT_MESSAGES.usernameRule;
}

/** The password policy for a new account and for every reset: 12+ characters, not containing the user name. */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) return ACCOUNT_MESSAGES.passwordTooLong;
  const name = username.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) return ACCOUNT_MESSAGES.passwordContainsUsername;
  return null;
}

/** The browser's early check of a chosen file, before it is read: its declared type and its size. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return ACCOUNT_MESSAGES.photoType;
  if (file.size > PHOTO_MAX_BYTES) return ACCOUNT_MESSAGES.photoSize;
  return null;
}

const PHOTO_DATA_URL = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/** A photo is a PNG, JPEG or WebP data URL of at most 200 KB whose first bytes are what it claims. */
export function photoProblem(photo: string): string | null {
  const match = PHOTO_DATA_URL.exec(photo);
  if (!match) return ACCOUNT_MESSAGES.photoType;
  const [, type, data] = match;
  if (data.length % 4 !== 0) return ACCOUNT_MESSAGES.photoType;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  if ((data.length / 4) * 3 - padding > PHOTO_MAX_BYTES) return ACCOUNT_MESSAGES.photoSize;
  return hasSignature(type, leadingBytes(data)) ? null : ACCOUNT_MESSAGES.photoType;
}

/** The first 12 bytes, decoded from the first 16 base64 characters: enough for every signature. */
function leadingBytes(base64: string): number[] {
  const binary = atob(base64.slice(0, 16));
  return Array.from(binary, (char) => char.charCodeAt(0));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: number[], from: number, to: number): string {
  return String.fromCharCode(...bytes.slice(from, to));
}

function hasSignature(type: string, bytes: number[]): boolean {
  switch (type) {
    case 'png':
      return PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
    case 'jpeg':
      return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'webp':
      return ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP';
    default:
      return false;
  }
}
