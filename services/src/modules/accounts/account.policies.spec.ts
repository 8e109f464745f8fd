import { PHOTO_MAX_BYTES, passwordProblem, photoProblem } from './account.policies.js';

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

describe('password policy: at least 12 characters and not containing the user name', () => {
  it('accepts a long password without the user name', () => {
    expect(passwordProblem('correct horse battery', 'ana')).toBeNull();
  });

  it('refuses fewer than 12 characters, naming password', () => {
    expect(passwordProblem('short-pass1', 'ana')).toEqual({
      field: 'password',
      message: 'Password must be at least 12 characters long',
    });
  });

  it('refuses a password containing the user name in any case', () => {
    expect(passwordProblem('my-ANA.cruz-password', 'ana.cruz')?.message).toBe('Password must not contain the user name');
  });

  it('refuses more than 72 bytes, which bcrypt would cut', () => {
    expect(passwordProblem('é'.repeat(40), 'ana')?.message).toBe('Password must be at most 72 bytes long');
  });
});

describe('photo: a data URL of png, jpeg or webp up to 200 KB', () => {
  it('accepts a small PNG, JPEG and WebP', () => {
    expect(photoProblem(dataUrl('png', Buffer.concat([PNG_HEADER, Buffer.alloc(20)])))).toBeNull();
    expect(photoProblem(dataUrl('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0])))).toBeNull();
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]);
    expect(photoProblem(dataUrl('webp', webp))).toBeNull();
  });

  it('refuses other image types and plain text', () => {
    expect(photoProblem('data:image/svg+xml;base64,PHN2Zz4=')?.field).toBe('photo');
    expect(photoProblem('https://example.org/a.png')?.field).toBe('photo');
  });

  it('refuses bytes that are not what the type claims', () => {
    expect(photoProblem(dataUrl('png', Buffer.from('not really a png at all')))?.message).toBe(
      'Photo must be a PNG, JPEG or WebP image',
    );
  });

  it('refuses more than 200 KB', () => {
    const big = Buffer.concat([PNG_HEADER, Buffer.alloc(PHOTO_MAX_BYTES)]);
    expect(photoProblem(dataUrl('png', big))?.message).toBe('Photo must be at most 200 KB');
  });
});
