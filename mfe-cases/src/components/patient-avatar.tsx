import { Avatar } from 'antd';
import { initials, type NamedPerson } from '../format/display.js';

interface PatientAvatarProps {
  patient: NamedPerson & { avatar?: string | null };
  size?: number;
}

/** The patient's photo, or their initials; decorative, since the name is always written beside it. */
export function PatientAvatar({ patient, size = 40 }: PatientAvatarProps) {
  return (
    <Avatar
      size={size}
      src={patient.avatar || undefined}
      alt=""
      aria-hidden
      style={{ backgroundColor: patient.avatar ? undefined : '#f3dde3', color: '#8a1538', flex: 'none', fontWeight: 600 }}
    >
      {initials(patient)}
    </Avatar>
  );
}
