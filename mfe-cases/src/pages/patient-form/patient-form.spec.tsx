import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { ALL_PERMISSIONS, PERMISSIONS } from '@pnss/libs/permissions';
import { mockApi } from '@pnss/web/testing';
import { aCase, aPatient, currentPath, page, renderModuleAt } from '../../testing/render-module.js';
import { toPatientPayload } from './patient-form-rules.js';
import { historySource } from './patient-history.js';
import { photoFromFile } from './avatar-field.js';

/** Types a date the way a user does: into the field, then Enter. */
function typeDate(label: string, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

function yearsAgo(years: number): string {
  return dayjs().subtract(years, 'year').subtract(10, 'day').format('MM/DD/YYYY');
}

describe('New Patient', () => {
  it("refuses to save without a first name ('First name is required') or a birth date ('Enter a valid birthdate')", async () => {
    const api = mockApi({});
    const { user } = renderModuleAt('/newpatient');
    expect(screen.getByRole('heading', { name: 'New Patient' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid birthdate')).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it("asks 'Please confirm that patient is a pediatric case.' when the patient is under 19", async () => {
    mockApi({});
    const { user } = renderModuleAt('/newpatient');
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ana');
    expect(screen.queryByRole('checkbox', { name: /pediatric case/ })).not.toBeInTheDocument();
    typeDate('Date of Birth', yearsAgo(15));
    const confirm = await screen.findByRole('checkbox', { name: /pediatric case/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please confirm that patient is a pediatric case.')).toBeInTheDocument();
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByText('Please confirm that patient is a pediatric case.')).not.toBeInTheDocument());
  });

  it("saves a new patient, says 'Successfully added new patient!' and goes to the patient's new case", async () => {
    const api = mockApi({
      // Before saving, the form asks whether this name and birth date already exist (none here).
      'GET /api/patients/duplicates': page([]),
      'POST /api/patients': { status: 201, body: aPatient({ _id: 'p7', patientid: 'p7' }) },
    });
    const { user } = renderModuleAt('/newpatient');
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Maria');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Dela Cruz');
    typeDate('Date of Birth', 'Mar 15 1990');
    // Confirming the date with Enter saves nothing: only Save does.
    expect(api.calls()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully added new patient!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/patients/p7/newcase'));
    expect(api.calls().slice(0, 2)).toEqual(['GET /api/patients/duplicates', 'POST /api/patients']);
    const check = new URL(api.requests[0].url).searchParams;
    expect([check.get('firstName'), check.get('lastName'), check.get('birthDate')]).toEqual(['Maria', 'Dela Cruz', '1990-03-15']);
    expect(await api.requests[1].json()).toEqual({
      firstName: 'Maria',
      middleName: null,
      lastName: 'Dela Cruz',
      birthDate: '1990-03-15',
      pediatricConfirmed: false,
      avatar: null,
    });
  });

  it("shows the server's field errors on the form when it refuses the patient", async () => {
    mockApi({
      'POST /api/patients': {
        status: 400,
        body: { statusCode: 400, message: 'Enter a valid birthdate', errors: [{ field: 'birthDate', message: 'Enter a valid birthdate' }] },
      },
    });
    const { user } = renderModuleAt('/newpatient');
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Maria');
    typeDate('Date of Birth', '03/15/1990');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Enter a valid birthdate')).not.toHaveLength(0);
    expect(currentPath()).toBe('/newpatient');
  });

  it('sends no pediatric confirmation for an adult, whatever was ticked before the birth date changed', () => {
    const payload = toPatientPayload({
      firstName: ' Ana ',
      middleName: '',
      lastName: 'Reyes',
      birthDate: dayjs('1980-01-01'),
      pediatricConfirmed: true,
      avatar: null,
    });
    expect(payload).toEqual({ firstName: 'Ana', middleName: null, lastName: 'Reyes', birthDate: '1980-01-01', pediatricConfirmed: false, avatar: null });
  });

  it('is refused to a user who may not save patients', () => {
    mockApi({});
    renderModuleAt('/newpatient', { permissions: ALL_PERMISSIONS.filter((name) => name !== PERMISSIONS.SAVE_PATIENT) });
    expect(screen.getByText('You do not have permission to add patients.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('Edit Patient', () => {
  function editRoutes(put = { body: aPatient({ firstName: 'Mariana', version: 4 }) }) {
    return mockApi({
      'GET /api/patients/p1': { body: aPatient() },
      'GET /api/patients/p1/cases': { body: [aCase({ medicalHistory: [{ categoryId: 1, conditionId: 101 }] })] },
      'PUT /api/patients/p1': put,
      'GET /api/patients': page([]),
    });
  }

  it("saves the change with the version opened, says 'Successfully updated patient information!' and returns to #/patients", async () => {
    const api = editRoutes();
    const { user } = renderModuleAt('/patients/p1/edit');
    const firstName = await screen.findByRole('textbox', { name: 'First Name' });
    expect(firstName).toHaveValue('Maria');
    expect(screen.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('03/15/1990');
    await user.clear(firstName);
    await user.type(firstName, 'Mariana');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated patient information!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/patients'));
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toMatchObject({ firstName: 'Mariana', birthDate: '1990-03-15', version: 3 });
  });

  it('has the navigation Personal Information, Medical History and Obstetric History, and a preview button', async () => {
    editRoutes();
    const { user } = renderModuleAt('/patients/p1/edit');
    await screen.findByRole('textbox', { name: 'First Name' });
    expect(screen.getByRole('tab', { name: 'Personal Information' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Medical History' }));
    expect(await screen.findByText('Medical History is recorded in the case form (Admission, Past Medical Conditions).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Case # PCRN-001' })).toHaveAttribute('href', '/patients/p1/case/c1');
    await user.click(screen.getByRole('tab', { name: 'Obstetric History' }));
    expect(await screen.findByText('No obstetric history recorded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(currentPath()).toBe('/patients/p1');
  });

  it('reads the history from the most recently admitted case that records it', () => {
    const older = aCase({ _id: 'a', admissionDate: '2025-01-01', medicalHistory: [{ categoryId: 1, conditionId: 101 }] });
    const newer = aCase({ _id: 'b', admissionDate: '2026-01-01', medicalHistory: [{ categoryId: 1, conditionId: 102 }] });
    const blank = aCase({ _id: 'c', admissionDate: null, medicalHistory: [] });
    expect(historySource([blank, older, newer], (form) => form.medicalHistory)?._id).toBe('b');
    expect(historySource([blank], (form) => form.medicalHistory)?._id).toBe('c');
    expect(historySource([], (form) => form.medicalHistory)).toBeUndefined();
  });
});

describe('Patient photo', () => {
  it('accepts only the PNG, JPEG and WebP images the server stores', async () => {
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46])], 'photo.gif', { type: 'image/gif' });
    await expect(photoFromFile(gif)).resolves.toEqual({ problem: 'Photo must be a PNG, JPEG or WebP image' });
  });
});
