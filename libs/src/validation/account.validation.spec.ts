import {
  ACCOUNT_MESSAGES,
  PHOTO_MAX_BYTES,
  passwordProblem,
  photoFileProblem,
  photoProblem,
  usernameProblem,
} from './account.validation.js';

function dataUrl(type: string, bytes: number[], total = bytes.length): string {
  const all = new Uint8Array(total);
  all.set(bytes);
  return `data:image/${type};base64,${Buffer.from(all).toString('base64')}`;
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const WEBP_HEAD = [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')];

describe('the password policy (issue 6: at least 12 characters, not the user name)', () => {
  it.each([
    ['12 characters pass', 'abcdefghijkl', 'maria', null],
    ['11 characters are too short', 'abcdefghijk', 'maria', ACCOUNT_MESSAGES.passwordTooShort],
    ['the empty password is too short', '', 'maria', ACCOUNT_MESSAGES.passwordTooShort],
    ['a password that is the user name is refused', 'maria.santos.md', 'maria.santos.md', ACCOUNT_MESSAGES.passwordContainsUsername],
    ['a password containing the user name, in any case, is refused', 'MSantos-2026-winter', 'msantos', ACCOUNT_MESSAGES.passwordContainsUsername],
    ['the user name is compared without its surrounding spaces', 'xx-msantos-2026', '  msantos ', ACCOUNT_MESSAGES.passwordContainsUsername],
    ['no user name yet: only the length counts', 'abcdefghijkl', '', null],
    ['more than 72 bytes would be cut by bcrypt, so it is refused', 'é'.repeat(37), 'maria', ACCOUNT_MESSAGES.passwordTooLong],
    ['72 bytes exactly pass', 'é'.repeat(36), 'maria', null],
  ])('%s', (_rule, password, username, expected) => {
    expect(passwordProblem(password, username)).toBe(expected);
  });

  it('says the rule in words', () => {
    expect(ACCOUNT_MESSAGES.passwordTooShort).toBe('Password must be at least 12 characters long');
  });
});

describe('the user name', () => {
  it.each([
    ['letters, digits and . _ - @ pass', 'm.santos_2@pgh-ob', null],
    ['blank is required', '   ', ACCOUNT_MESSAGES.usernameRequired],
    ['two characters are too few', 'ms', ACCOUNT_MESSAGES.usernameRule],
    ['spaces inside are refused', 'maria santos', ACCOUNT_MESSAGES.usernameRule],
    ['65 characters are too many', 'a'.repeat(65), ACCOUNT_MESSAGES.usernameRule],
  ])('%s', (_rule, username, expected) => {
    expect(usernameProblem(username)).toBe(expected);
  });
});

describe('the photo (png, jpeg or webp up to 200 KB)', () => {
  it.each([
    ['a PNG passes', dataUrl('png', PNG_HEAD, 40), null],
    ['a JPEG passes', dataUrl('jpeg', JPEG_HEAD, 40), null],
    ['a WebP passes', dataUrl('webp', WEBP_HEAD, 40), null],
    ['200 KB exactly passes', dataUrl('png', PNG_HEAD, PHOTO_MAX_BYTES), null],
    ['one byte over 200 KB is refused', dataUrl('png', PNG_HEAD, PHOTO_MAX_BYTES + 1), ACCOUNT_MESSAGES.photoSize],
    ['an SVG is refused', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', ACCOUNT_MESSAGES.photoType],
    ['a GIF named as a PNG is refused by its bytes', dataUrl('png', [...Buffer.from('GIF89a')], 40), ACCOUNT_MESSAGES.photoType],
    ['a URL instead of image data is refused', 'https://example.org/me.png', ACCOUNT_MESSAGES.photoType],
    ['broken base64 is refused', 'data:image/png;base64,iVBORw0KGgo', ACCOUNT_MESSAGES.photoType],
  ])('%s', (_rule, photo, expected) => {
    expect(photoProblem(photo)).toBe(expected);
  });

  it.each([
    ['a 10 KB PNG file passes', { type: 'image/png', size: 10_000 }, null],
    ['a WebP file passes', { type: 'image/webp', size: 1 }, null],
    ['a GIF file is refused', { type: 'image/gif', size: 10_000 }, ACCOUNT_MESSAGES.photoType],
    ['a PDF file is refused', { type: 'application/pdf', size: 10_000 }, ACCOUNT_MESSAGES.photoType],
    ['a 201 KB JPEG file is refused', { type: 'image/jpeg', size: 201 * 1024 }, ACCOUNT_MESSAGES.photoSize],
  ])('the chosen file: %s', (_rule, file, expected) => {
    expect(photoFileProblem(file)).toBe(expected);
  });
});
