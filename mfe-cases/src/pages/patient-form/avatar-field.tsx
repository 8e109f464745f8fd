import { useState } from 'react';
import { Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { PatientAvatar } from '../../components/patient-avatar.js';
import type { NamedPerson } from '../../format/display.js';

/** What the server accepts (services: account.policies photoProblem). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const PHOTO_MAX_BYTES = 200 * 1024;
const PHOTO_EDGE_PX = 256;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Bytes of a base64 data URL's payload. */
function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((base64.length * 3) / 4);
}

/**
 * A phone's photo is megabytes; the avatar is drawn at 56 px. Scale it down to 256 px as a JPEG,
 * where the browser can draw it; otherwise keep the file as it is.
 */
async function shrink(dataUrl: string): Promise<string> {
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('not an image'));
  });
  image.src = dataUrl;
  await loaded;
  const scale = Math.min(1, PHOTO_EDGE_PX / Math.max(image.width, image.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return dataUrl;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.85);
}

export async function photoFromFile(file: File): Promise<{ dataUrl: string } | { problem: string }> {
  if (!PHOTO_TYPES.includes(file.type)) return { problem: 'Photo must be a PNG, JPEG or WebP image' };
  const original = await readAsDataUrl(file);
  const small = await shrink(original).catch(() => original);
  if (dataUrlBytes(small) > PHOTO_MAX_BYTES) return { problem: 'Photo must be at most 200 KB' };
  return { dataUrl: small };
}

interface AvatarFieldProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  person: NamedPerson;
}

/** SPEC.md §2 "avatar or initials": a photo, or the initials of the name typed so far. */
export function AvatarField({ value, onChange, person }: AvatarFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Flex align="center" gap={16} wrap>
      <PatientAvatar patient={{ ...person, avatar: value }} size={72} />
      <Flex vertical gap={4}>
        <Flex gap={8} wrap>
          <Upload
            accept={PHOTO_TYPES.join(',')}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void photoFromFile(file).then((result) => {
                if ('problem' in result) setProblem(result.problem);
                else {
                  setProblem(null);
                  onChange?.(result.dataUrl);
                }
              });
              // The photo travels in the patient's JSON; nothing is uploaded on its own.
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />}>{value ? 'Change photo' : 'Add photo'}</Button>
          </Upload>
          {value ? (
            <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.(null)}>
              Remove photo
            </Button>
          ) : null}
        </Flex>
        <Typography.Text type={problem ? 'danger' : 'secondary'} role={problem ? 'alert' : undefined} style={{ fontSize: 12 }}>
          {problem ?? 'Optional. Without a photo, the initials are shown.'}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
